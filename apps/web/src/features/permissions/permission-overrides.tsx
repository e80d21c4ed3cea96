import type { TeamMember } from '@strata/contracts/teams';
import type { Action } from '@strata/domain/permissions/actions';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Dropdown } from '../../ui/dropdown';
import { Notice } from '../../ui/notice';
import { RowList, RowListItem } from '../../ui/row-list';
import { Spinner } from '../../ui/spinner';
import { ACTION_GROUPS, listUserOverrides, removeUserOverride, setUserOverride } from './permission-matrix';
import styles from './permissions.module.css';

interface PermissionOverridesProps {
  /** The draft's keys; the exceptions are its user keys. */
  permissions: readonly string[];
  /** The workspace's members (undefined while they load). */
  members: readonly TeamMember[] | undefined;
  membersError: unknown;
  ownerId: number;
  /** What an exception does at this level (the workspace, or one board). */
  intro: string;
  onChange(permissions: string[]): void;
}

const ORDERED_ACTIONS: readonly Action[] = ACTION_GROUPS.flatMap((group) => group.actions);

/** "Exceptions for people": a person's own allow or deny of an action, which outranks their role. */
export function PermissionOverrides({
  permissions,
  members,
  membersError,
  ownerId,
  intro,
  onChange,
}: PermissionOverridesProps) {
  const { t } = useTranslation();
  const id = useId();
  const [userId, setUserId] = useState<string | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [allow, setAllow] = useState(true);

  const actionLabel = (a: Action) => t(`permissions.actions.${a}.label`);
  const names = new Map(members?.map((member) => [member.id, member.name]));
  const nameOf = (memberId: number) => names.get(memberId) ?? t('permissions.overrides.removedUser');
  const personOptions = (members ?? [])
    .filter((member) => member.id !== ownerId && member.pivot.role !== 'owner')
    .map((member) => ({ value: String(member.id), label: member.name, synonyms: [member.email] }));
  const actionOptions = ORDERED_ACTIONS.map((a) => ({
    value: a,
    label: actionLabel(a),
  }));

  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!userId || !action) return;
    onChange(setUserOverride(permissions, Number(userId), action, allow));
    setAction(null);
  };

  const overrides = listUserOverrides(permissions);
  const list = () => {
    if (membersError) return <Notice tone="error">{errorMessage(membersError, t)}</Notice>;
    if (!members) return <Spinner label={t('app.loading')} />;
    if (overrides.length === 0) return <p className={styles.empty}>{t('permissions.overrides.empty')}</p>;
    return (
      <RowList>
        {overrides.map((override) => (
          <RowListItem key={override.key} dense>
            <span className={styles.person}>{nameOf(override.userId)}</span>
            <span className={styles.overrideAction}>{actionLabel(override.action)}</span>
            <span className={`${styles.badge} ${override.allow ? styles.allowed : styles.denied}`}>
              {t(override.allow ? 'permissions.overrides.allowed' : 'permissions.overrides.denied')}
            </span>
            <Button
              variant="secondary"
              aria-label={t('permissions.overrides.removeLabel', {
                name: nameOf(override.userId),
                action: actionLabel(override.action),
              })}
              onClick={() => onChange(removeUserOverride(permissions, override.key))}
            >
              {t('permissions.overrides.remove')}
            </Button>
          </RowListItem>
        ))}
      </RowList>
    );
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div>
        <h3 id={`${id}-title`}>{t('permissions.overrides.title')}</h3>
        <p className={styles.intro}>{intro}</p>
      </div>
      {list()}
      {members && (
        <form className={styles.addForm} onSubmit={handleAdd} aria-labelledby={`${id}-add`}>
          <h4 id={`${id}-add`} className="visually-hidden">
            {t('permissions.overrides.add')}
          </h4>
          <div className={styles.field}>
            {/* The dropdown names itself with the same label (plus its value) for assistive tech. */}
            <span className={styles.fieldLabel} aria-hidden="true">
              {t('permissions.overrides.person')}
            </span>
            <Dropdown
              label={t('permissions.overrides.person')}
              placeholder={t('permissions.overrides.choosePerson')}
              options={personOptions}
              value={userId}
              onChange={setUserId}
              searchable
            />
          </div>
          <div className={styles.field}>
            <span className={styles.fieldLabel} aria-hidden="true">
              {t('permissions.overrides.action')}
            </span>
            <Dropdown<Action>
              label={t('permissions.overrides.action')}
              placeholder={t('permissions.overrides.chooseAction')}
              options={actionOptions}
              value={action}
              onChange={setAction}
              searchable
            />
          </div>
          <fieldset className={styles.choice}>
            <legend className={styles.fieldLabel}>{t('permissions.overrides.access')}</legend>
            <label>
              <input type="radio" name={`${id}-allow`} checked={allow} onChange={() => setAllow(true)} />
              {t('permissions.overrides.allow')}
            </label>
            <label>
              <input type="radio" name={`${id}-allow`} checked={!allow} onChange={() => setAllow(false)} />
              {t('permissions.overrides.deny')}
            </label>
          </fieldset>
          <Button type="submit" variant="secondary" disabled={!userId || !action}>
            {t('permissions.overrides.add')}
          </Button>
        </form>
      )}
    </section>
  );
}
