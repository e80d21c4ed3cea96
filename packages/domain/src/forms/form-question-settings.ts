import type { AttributeDefinition } from '../attributes/type-registry';

/** The attribute settings a form's input for a question needs, and nothing else of them. */
export interface FormQuestionSettings {
  labels?: { id: string; name: string; color: string | null }[];
  multiple?: boolean;
  includeTime?: boolean;
  format?: string;
  decimals?: number | null;
  currency?: string;
  min?: number;
  max?: number;
  icon?: string;
}

/**
 * What of an attribute's settings a question's input takes: its labels (id, name, colour),
 * whether several may be chosen, whether a date has a time, a number's format, a rating's scale,
 * a progress's bounds. The public form publishes only this; the builder's default answer uses it.
 */
export function formQuestionSettings(
  attribute: Pick<AttributeDefinition, 'type' | 'settings'>,
): FormQuestionSettings {
  const raw = (attribute.settings ?? {}) as Record<string, unknown>;
  const pick = (...keys: (keyof FormQuestionSettings)[]) =>
    Object.fromEntries(
      keys.filter((key) => raw[key] !== undefined).map((key) => [key, raw[key]]),
    ) as FormQuestionSettings;
  switch (attribute.type) {
    case 'label': {
      const labels = Array.isArray(raw.labels) ? (raw.labels as Record<string, unknown>[]) : [];
      return {
        labels: labels.map((label) => ({
          id: String(label.id),
          name: String(label.name ?? ''),
          color: typeof label.color === 'string' ? label.color : null,
        })),
        multiple: raw.multiple === true,
      };
    }
    case 'members':
      return { multiple: raw.multiple !== false };
    case 'date':
    case 'date_range':
      return { includeTime: raw.includeTime === true };
    case 'number':
      return pick('format', 'decimals', 'currency');
    case 'rating':
      return pick('max', 'icon');
    case 'progress':
      return pick('min', 'max');
    default:
      return {};
  }
}
