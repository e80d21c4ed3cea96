import { type Label, readSettings } from '@strata/domain/attributes/attribute-settings';
import { readValue } from '@strata/domain/attributes/type-registry';
import { Square, SquareCheck } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Avatar } from '../../../ui/avatar';
import { contrastRatio, relativeLuminance } from '../../../ui/colour-contrast';
import type { CellEditProps, CellRenderProps, ViewMember } from '../view-types';
import styles from './cells.module.css';
import { EditorMessage, PopoverEditor } from './editor-shell';
import { OptionList, type PickerOption } from './option-list';
import { useValidatedCommit } from './use-validated-commit';

function CheckedIcon({ checked }: { checked: boolean }) {
  const { t } = useTranslation();
  const Icon = checked ? SquareCheck : Square;
  return (
    <Icon
      size={16}
      role="img"
      aria-label={checked ? t('views.cells.checked') : t('views.cells.unchecked')}
      className={checked ? styles.starOn : styles.muted}
    />
  );
}

/** Checkbox: ticked in place where the cell is editable; a missing value reads as unchecked. */
export function CheckboxCell({ attribute, data, onChange }: CellRenderProps) {
  const checked = data === true;
  if (!onChange) return <CheckedIcon checked={checked} />;
  return (
    <input
      type="checkbox"
      className={styles.checkbox}
      tabIndex={-1}
      aria-label={attribute.name}
      checked={checked}
      onClick={(event) => event.stopPropagation()}
      onChange={() => onChange(!checked)}
    />
  );
}

export const toggleCheckbox = (data: unknown): boolean => data !== true;

const DARK_TEXT = '#1c2233';
const LIGHT_TEXT = '#ffffff';

/**
 * Dark or white text, whichever has the higher WCAG contrast on a label's colour (when the label
 * sets none): a mid green like #00aa00 reads 5:1 with dark text and 3:1 with white.
 */
export function readableTextOn(colour: string): string {
  const background = relativeLuminance(colour);
  if (background === undefined) return 'inherit';
  const dark = contrastRatio(background, relativeLuminance(DARK_TEXT)!);
  const light = contrastRatio(background, relativeLuminance(LIGHT_TEXT)!);
  return dark >= light ? DARK_TEXT : LIGHT_TEXT;
}

export function LabelChip({ label }: { label: Label }) {
  return (
    <span
      className={styles.chip}
      style={{ background: label.color, color: label.textColor ?? readableTextOn(label.color) }}
      title={label.name}
      dir="auto"
    >
      {/* The chip is a flex box, which cannot show an ellipsis itself: its text can. */}
      <span className="truncate">{label.name}</span>
    </span>
  );
}

function labelsOf(props: Pick<CellRenderProps, 'attribute' | 'data'>): string[] {
  const ids = readValue(props.attribute, props.data);
  return Array.isArray(ids) ? (ids as string[]) : [];
}

/** Label: coloured chips in the order the value lists them. */
export function LabelCell(props: CellRenderProps) {
  const settings = readSettings('label', props.attribute.settings);
  const byId = new Map(settings.labels.map((label) => [label.id, label]));
  return (
    <span className={styles.row}>
      {labelsOf(props).map((id) => {
        const label = byId.get(id);
        return label ? <LabelChip key={id} label={label} /> : null;
      })}
    </span>
  );
}

/**
 * A picker of ids (labels, members): one choice commits at once; with several allowed, the
 * choices are committed together when the picker closes.
 */
function IdPicker<V extends string | number>({
  props,
  options,
  selected,
  multiple,
  anchor,
  decode,
}: {
  props: CellEditProps;
  options: readonly PickerOption[];
  selected: V[];
  multiple: boolean;
  anchor: ReactNode;
  decode(id: string): V;
}) {
  const [draft, setDraft] = useState(selected);
  const { commit, error } = useValidatedCommit(props.attribute, props.context, props.onCommit);
  const toData = (ids: V[]) => (ids.length === 0 ? null : ids);
  const handleToggle = (raw: string) => {
    const id = decode(raw);
    if (!multiple) {
      commit(toData(selected.includes(id) ? [] : [id]));
      return;
    }
    setDraft((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  };
  const handleClose = () => {
    const changed = draft.length !== selected.length || draft.some((id) => !selected.includes(id));
    if (!multiple || !changed || !commit(toData(draft))) props.onCancel();
  };
  return (
    <PopoverEditor label={props.attribute.name} onClose={handleClose} anchor={anchor}>
      <OptionList
        label={props.attribute.name}
        options={options}
        selected={draft.map(String)}
        onToggle={handleToggle}
        initialQuery={props.initialText}
      />
      <EditorMessage error={error} />
    </PopoverEditor>
  );
}

export function LabelEdit(props: CellEditProps) {
  const settings = readSettings('label', props.attribute.settings);
  const options = useMemo(
    () =>
      settings.labels.map((label) => ({
        id: label.id,
        label: label.name,
        content: <LabelChip label={label} />,
      })),
    [settings.labels],
  );
  return (
    <IdPicker
      props={props}
      options={options}
      selected={labelsOf(props)}
      multiple={settings.multiple}
      anchor={<LabelCell {...props} />}
      decode={(id) => id}
    />
  );
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0]?.slice(0, 2) ?? '?')
  ).toUpperCase();
}

/**
 * A member's photo, or their initials when the list carries no photo. `decorative` when the name
 * is written next to it (pickers), so it is not announced twice.
 */
export function MemberAvatar({
  name,
  photo,
  decorative = false,
}: {
  name: string;
  photo?: string | null;
  decorative?: boolean;
}) {
  if (photo) {
    const image = <Avatar src={photo} name={name} size={24} />;
    return decorative ? <span aria-hidden="true">{image}</span> : image;
  }
  if (decorative) {
    return (
      <span className={styles.initials} aria-hidden="true">
        {initialsOf(name)}
      </span>
    );
  }
  return (
    <span className={styles.initials} role="img" aria-label={name} title={name}>
      {initialsOf(name)}
    </span>
  );
}

function memberLookup(members: readonly ViewMember[]) {
  return new Map(members.map((member) => [member.id, member]));
}

const SHOWN_AVATARS = 3;

/**
 * A member's name, or undefined while the workspace's members have not come: the cell then shows
 * a blank avatar, never the person's id in place of their name.
 */
function knownName(id: number, byId: Map<number, ViewMember>, context: CellRenderProps['context']) {
  return byId.get(id)?.name ?? context?.memberName?.(id);
}

/** A blank avatar standing for someone whose name has not come yet. */
const PendingAvatar = () => <span className={styles.initials} aria-hidden="true" />;

/** Members: avatars (three, then "+N"); a single member also shows the name. */
export function MembersCell(props: CellRenderProps) {
  const ids = readValue(props.attribute, props.data);
  const list = Array.isArray(ids) ? (ids as number[]) : [];
  const byId = memberLookup(props.members);
  if (list.length === 0) return null;
  const names = list.map((id) => knownName(id, byId, props.context));
  const isKnown = names.every((name) => name !== undefined);
  return (
    <span className={styles.row} title={isKnown ? names.join(', ') : undefined}>
      {list.slice(0, SHOWN_AVATARS).map((id, index) => {
        const name = names[index];
        return name === undefined ? (
          <PendingAvatar key={id} />
        ) : (
          <MemberAvatar key={id} name={name} photo={byId.get(id)?.photo_url} />
        );
      })}
      {list.length > SHOWN_AVATARS && <span className={styles.muted}>+{list.length - SHOWN_AVATARS}</span>}
      {list.length === 1 && names[0] !== undefined && <span className={styles.text}>{names[0]}</span>}
    </span>
  );
}

export function MembersEdit(props: CellEditProps) {
  const settings = readSettings('members', props.attribute.settings);
  const ids = readValue(props.attribute, props.data);
  const options = useMemo(
    () =>
      props.members.map((member) => ({
        id: String(member.id),
        label: member.name,
        content: (
          <span className={styles.row}>
            <MemberAvatar name={member.name} photo={member.photo_url} decorative />
            <span className={styles.text}>{member.name}</span>
          </span>
        ),
      })),
    [props.members],
  );
  return (
    <IdPicker
      props={props}
      options={options}
      selected={Array.isArray(ids) ? (ids as number[]) : []}
      multiple={settings.multiple}
      anchor={<MembersCell {...props} />}
      decode={Number}
    />
  );
}

/** Created by: the creator's avatar and name, read-only. */
export function CreatedByCell(props: CellRenderProps) {
  const id = readValue(props.attribute, props.data);
  if (typeof id !== 'number') return null;
  const byId = memberLookup(props.members);
  const member = byId.get(id);
  const name = knownName(id, byId, props.context);
  if (name === undefined) return <PendingAvatar />;
  return (
    <span className={styles.row}>
      <MemberAvatar name={name} photo={member?.photo_url} decorative />
      <span className={styles.text}>{name}</span>
    </span>
  );
}
