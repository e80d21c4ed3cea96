import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { SettingsDraft } from './settings-draft';

/** What every group of type-specific fields takes. */
export interface FieldsProps {
  attributeId: string;
  draft: SettingsDraft;
  onChange(next: SettingsDraft): void;
  /** The catalogue text of the problem at a settings path (`settings.labels.0.name`), if any. */
  errorAt(path: string): string | undefined;
  attributes: readonly AttributeDefinition[];
  boards: readonly { id: string; name: string }[];
}
