import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { Action, ValueSource } from '@strata/domain/automations/recipe';
import { useTranslation } from '../../i18n/use-translation';
import { SelectField, TextField } from './builder-fields';
import { FixedValueField } from './fixed-value-field';
import {
  attributesFor,
  newValueSource,
  type ProblemsByPath,
  setValueAttribute,
  type ValueKind,
  valueKindsFor,
} from './recipe-draft';
import type { AutomationBoard } from './use-automation-board';

type SetValue = Extract<Action, { kind: 'set_value' }>;

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
      <ValueSourceFields
        attribute={attribute}
        value={action.value}
        kinds={valueKindsFor(attribute?.type)}
        mayBeBlank
        path={path}
        board={board}
        problems={problems}
        onChange={(value) => onChange({ ...action, value })}
      />
    </>
  );
}

/**
 * What an attribute is set to: the kind of source, then its own field (the type's cell editor for
 * a fixed value, days from today, a formula). `path` is where the source's problems are reported
 * (`{path}.value`).
 */
export function ValueSourceFields({
  attribute,
  value,
  kinds,
  mayBeBlank = false,
  path,
  board,
  problems,
  onChange,
}: {
  attribute: AttributeDefinition | undefined;
  value: ValueSource | null;
  /** The kinds offered for the attribute's type; the source's own kind is kept in the list. */
  kinds: readonly ValueKind[];
  /** The source is a blank of the recipe (a set-value action's): "Choose…" empties it again. */
  mayBeBlank?: boolean;
  path: string;
  board: AutomationBoard;
  problems: ProblemsByPath;
  onChange(value: ValueSource | null): void;
}) {
  const { t } = useTranslation();
  const B = 'views.automations.builder';
  const offered = attribute ? [...kinds] : [];
  if (value && !offered.includes(value.kind)) offered.push(value.kind);
  return (
    <>
      <SelectField
        label={t(`${B}.valueKind`)}
        value={value?.kind ?? null}
        placeholder={mayBeBlank ? t(`${B}.choose`) : undefined}
        options={offered.map((kind) => ({ value: kind, label: t(`views.automations.values.${kind}`) }))}
        problem={problems.get(`${path}.value`)}
        onChange={(kind) => onChange(kind === null ? null : newValueSource(kind as ValueKind))}
      />
      {value?.kind === 'fixed' && attribute && (
        <FixedValueField
          attribute={attribute}
          data={value.data}
          board={board}
          onChange={(data) => onChange({ kind: 'fixed', data })}
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
              onChange({ kind: 'today', offset_days: Math.max(-3650, Math.min(3650, days)) });
          }}
        />
      )}
      {value?.kind === 'formula' && (
        <TextField
          label={t(`${B}.formula`)}
          value={value.expression}
          problem={problems.get(`${path}.value.expression`)}
          onChange={(expression) => onChange({ kind: 'formula', expression })}
        />
      )}
    </>
  );
}
