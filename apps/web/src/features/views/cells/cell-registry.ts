import type { AttributeType } from '@strata/domain/attributes/attribute-types';
import type { CellType } from '../view-types';
import { AttachmentsCell, AttachmentsEdit } from './attachment-cells';
import {
  CheckboxCell,
  CreatedByCell,
  LabelCell,
  LabelEdit,
  MembersCell,
  MembersEdit,
  toggleCheckbox,
} from './choice-cells';
import { ButtonCell, FormulaCell, SourceFolderCell } from './computed-cells';
import { DateCell, DateRangeCell } from './date-cells';
import { DatePickerEdit, DateRangePickerEdit } from './date-editors';
import { DependencyCell, DependencyEdit } from './dependency-cells';
import { ChecklistCell, ChecklistEdit, LinksCell, LinksEdit } from './list-cells';
import {
  CustomIdCell,
  NumberCell,
  NumberEdit,
  ProgressCell,
  ProgressEdit,
  RatingCell,
  RatingEdit,
  TimeTrackingCell,
} from './number-cells';
import { ReferenceCell, ReferenceEdit } from './reference-cells';
import {
  EmailCell,
  EmailEdit,
  LongTextCell,
  LongTextEdit,
  PhoneCell,
  PhoneEdit,
  TextCell,
  TextEdit,
} from './text-cells';

/**
 * How each attribute type is drawn and edited. Every type has a renderer; the user-editable ones
 * have an editor, except checkbox (toggled in place); the attachments editor uploads files.
 * References are computed for the item's save but have an editor that links items through the
 * references routes (`savesItself`); dependencies link items too but are saved through the item,
 * like other values. The other computed types (custom ID, formula, time tracking, the item's own
 * facts) and buttons have none.
 */
export const CELL_TYPES: { [T in AttributeType]: CellType } = {
  text: { Render: TextCell, Edit: TextEdit },
  longtext: { Render: LongTextCell, Edit: LongTextEdit },
  number: { Render: NumberCell, Edit: NumberEdit },
  checkbox: { Render: CheckboxCell, toggle: toggleCheckbox },
  label: { Render: LabelCell, Edit: LabelEdit },
  members: { Render: MembersCell, Edit: MembersEdit },
  date: { Render: DateCell, Edit: DatePickerEdit },
  date_range: { Render: DateRangeCell, Edit: DateRangePickerEdit },
  email: { Render: EmailCell, Edit: EmailEdit },
  phone: { Render: PhoneCell, Edit: PhoneEdit },
  links: { Render: LinksCell, Edit: LinksEdit },
  checklist: { Render: ChecklistCell, Edit: ChecklistEdit },
  attachments: { Render: AttachmentsCell, Edit: AttachmentsEdit },
  progress: { Render: ProgressCell, Edit: ProgressEdit },
  rating: { Render: RatingCell, Edit: RatingEdit },
  reference: { Render: ReferenceCell, Edit: ReferenceEdit, savesItself: true },
  dependency: { Render: DependencyCell, Edit: DependencyEdit },
  button: { Render: ButtonCell },
  custom_id: { Render: CustomIdCell },
  formula: { Render: FormulaCell },
  time_tracking: { Render: TimeTrackingCell },
  created_at: { Render: DateCell },
  created_by: { Render: CreatedByCell },
  updated_at: { Render: DateCell },
  source_folder: { Render: SourceFolderCell },
};

/** The cell type of an attribute type; a type unknown to this build falls back to plain text. */
export function cellTypeOf(type: string): CellType {
  return (CELL_TYPES as Record<string, CellType | undefined>)[type] ?? { Render: CELL_TYPES.text.Render };
}
