import type { Action, Role } from '@strata/domain/permissions/actions';
import { ROLES } from '@strata/domain/permissions/actions';
import { useId, useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ACTION_GROUPS, type MatrixRecord, readMatrix } from './permission-matrix';
import styles from './permissions.module.css';

interface PermissionMatrixTableProps {
  record: MatrixRecord;
  /** The table's accessible caption. */
  caption: string;
  /** What a marked cell means: changed from the default (workspace) or from the workspace (board). */
  changedLabel: string;
  onToggle(role: Role, action: Action, allow: boolean): void;
}

/**
 * The role x action matrix of one level (the workspace, or a board below it): one checkbox per
 * cell, cells that differ from the level above marked (visibly and in their description); the
 * owner's column is fixed.
 */
export function PermissionMatrixTable({
  record,
  caption,
  changedLabel,
  onToggle,
}: PermissionMatrixTableProps) {
  const { t } = useTranslation();
  const id = useId();
  const changedId = `${id}-changed`;
  const ownerId = `${id}-owner`;
  const matrix = useMemo(() => readMatrix(record), [record]);

  return (
    <>
      <ul className={styles.legend}>
        <li id={changedId}>
          <span className={styles.dot} aria-hidden="true" />
          {changedLabel}
        </li>
        <li id={ownerId}>{t('permissions.ownerNote')}</li>
      </ul>
      <div className={styles.scroller}>
        <table className={styles.matrix}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.actionHead}>
                {t('permissions.action')}
              </th>
              {ROLES.map((role) => (
                <th scope="col" key={role}>
                  {t(`workspaces.roles.${role}`)}
                </th>
              ))}
            </tr>
          </thead>
          {ACTION_GROUPS.map((group) => (
            <tbody key={group.id}>
              <tr>
                <th scope="rowgroup" colSpan={ROLES.length + 1} className={styles.groupHead}>
                  <span className={styles.groupTitle}>{t(`permissions.groups.${group.id}`)}</span>
                </th>
              </tr>
              {group.actions.map((action) => {
                const label = t(`permissions.actions.${action}.label`);
                return (
                  <tr key={action}>
                    <th scope="row" className={styles.actionCell}>
                      <span className={styles.actionLabel}>{label}</span>
                      <span className={styles.actionDescription}>
                        {t(`permissions.actions.${action}.description`)}
                      </span>
                    </th>
                    {ROLES.map((role) => {
                      const isOwner = role === 'owner';
                      const isChanged = matrix.isChanged(role, action);
                      return (
                        <td key={role} className={`${styles.cell} ${isChanged ? styles.changed : ''}`}>
                          <label className={styles.cellLabel}>
                            <input
                              type="checkbox"
                              checked={matrix.isAllowed(role, action)}
                              disabled={isOwner}
                              aria-label={t('permissions.cellLabel', {
                                role: t(`workspaces.roles.${role}`),
                                action: label,
                              })}
                              aria-describedby={isOwner ? ownerId : isChanged ? changedId : undefined}
                              onChange={(event) => onToggle(role, action, event.target.checked)}
                            />
                          </label>
                          {isChanged && (
                            <span className={`${styles.dot} ${styles.cellDot}`} aria-hidden="true" />
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>
    </>
  );
}
