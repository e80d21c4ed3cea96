import type { Action, ValueSource } from '@strata/domain/automations/recipe';
import { useTranslation } from '../../i18n/use-translation';
import { SelectField, TextField } from './builder-fields';
import { FixedValueField } from './fixed-value-field';
import {
  attributesFor,
  type ProblemsByPath,
  setValueAttribute,
  type ValueKind,
  valueKindsFor,
} from './recipe-draft';
import type { AutomationBoard } from './use-automation-board';

type SetValue = Extract<Action, { kind: 'set_value' }>;

function newSource(kind: ValueKind): ValueSource {
  switch (kind) {
    case 'fixed':
      return { kind, data: null };
    case 'today':
      return { kind, offset_days: 0 };
    case 'formula':
      return { kind, expression: '' };
    default:
      return { kind };
  }
}

/** A set-value action: the attribute, then what it is set to (a fixed value, today ± days, …). */
export function SetValueFields({
  action,
  path,
  board,
  problems,
  onChange,
}: {
  action: SetValue;
  path: string;
  board: AutomationBoard;
  problems: ProblemsByPath;
  onChange(action: Action): void;
}) {
  const { t } = useTranslation();
  const B = 'views.automations.builder';
  const attribute = board.attributes.find((candidate) => candidate.id === action.attribute_id);
  const value = action.value;
  const kinds = valueKindsFor(attribute?.type);
  const setValue = (next: ValueSource | null) => onChange({ ...action, value: next });
  return (
    <>
      <SelectField
        label={t(`${B}.attribute`)}
        value={action.attribute_id}
        placeholder={t(`${B}.choose`)}
        options={attributesFor(board.attributes, 'writable').map((option) => ({
          value: option.id,
          label: option.name,
        }))}
        problem={problems.get(`${path}.attribute_id`)}
        onChange={(id) =>
          onChange(
            setValueAttribute(
              action,
              board.attributes.find((option) => option.id === id),
            ),
          )
        }
      />
      <SelectField
        label={t(`${B}.valueKind`)}
        value={value?.kind ?? null}
        placeholder={t(`${B}.choose`)}
        options={(attribute ? kinds : value ? [value.kind] : []).map((kind) => ({
          value: kind,
          label: t(`views.automations.values.${kind}`),
        }))}
        problem={problems.get(`${path}.value`)}
        onChange={(kind) => setValue(kind === null ? null : newSource(kind as ValueKind))}
      />
      {value?.kind === 'fixed' && attribute && (
        <FixedValueField
          attribute={attribute}
          data={value.data}
          board={board}
          onChange={(data) => setValue({ kind: 'fixed', data })}
        />
      )}
      {value?.kind === 'today' && (
        <TextField
          label={t(`${B}.offsetDays`)}
          type="number"
          value={String(value.offset_days)}
          hint={t(`${B}.offsetHint`)}
          onChange={(text) => {
            const days = Math.trunc(Number(text));
            if (Number.isFinite(days))
              setValue({ kind: 'today', offset_days: Math.max(-3650, Math.min(3650, days)) });
          }}
        />
      )}
      {value?.kind === 'formula' && (
        <TextField
          label={t(`${B}.formula`)}
          value={value.expression}
          problem={problems.get(`${path}.value.expression`)}
          onChange={(expression) => setValue({ kind: 'formula', expression })}
        />
      )}
    </>
  );
}
