import { useTranslation } from '../../i18n/use-translation';
import { CheckField, ChoiceGroup } from './builder-fields';
import { attributesFor } from './recipe-draft';
import type { AutomationBoard } from './use-automation-board';

const toggled = <V,>(list: readonly V[], value: V): V[] =>
  list.includes(value) ? list.filter((other) => other !== value) : [...list, value];

/**
 * Who an action names: people of the workspace, the one who acted (where it applies), and (for a
 * notification) the people in members attributes of the item. One group, one problem ("choose
 * someone").
 */
export function PeopleFields({
  legend,
  userIds,
  actor,
  attributeIds,
  board,
  problem,
  onChange,
}: {
  legend: string;
  userIds: readonly number[];
  /** Whether the one who acted is named; absent where it does not apply (a comment's mentions). */
  actor?: boolean;
  /** Members attributes, for a notification's recipients; absent where they do not apply. */
  attributeIds?: readonly string[];
  board: AutomationBoard;
  problem?: string;
  onChange(next: { userIds: number[]; actor: boolean; attributeIds: string[] }): void;
}) {
  const { t } = useTranslation();
  const current = { userIds: [...userIds], actor: actor ?? false, attributeIds: [...(attributeIds ?? [])] };
  return (
    <ChoiceGroup legend={legend} problem={problem}>
      {attributeIds !== undefined &&
        attributesFor(board.attributes, 'members').map((attribute) => (
          <CheckField
            key={attribute.id}
            label={t('views.automations.builder.peopleIn', { attribute: attribute.name })}
            checked={attributeIds.includes(attribute.id)}
            onChange={() => onChange({ ...current, attributeIds: toggled(attributeIds, attribute.id) })}
          />
        ))}
      {actor !== undefined && (
        <CheckField
          label={t('views.automations.sentence.actor')}
          checked={actor}
          onChange={(checked) => onChange({ ...current, actor: checked })}
        />
      )}
      {board.members.map((member) => (
        <CheckField
          key={member.id}
          label={member.name}
          checked={userIds.includes(member.id)}
          onChange={() => onChange({ ...current, userIds: toggled(userIds, member.id) })}
        />
      ))}
    </ChoiceGroup>
  );
}
