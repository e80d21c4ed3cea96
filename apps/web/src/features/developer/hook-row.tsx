import type { MyHook } from '@strata/contracts/hooks';
import { HOOK_EVENTS } from '@strata/domain/webhooks/hook-events';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { RowListItem } from '../../ui/row-list';
import styles from './developer.module.css';
import { eventLabel } from './hook-draft';
import { hookScreen } from './hook-links';
import { HookStatus } from './hook-status';

/** Where a hook is: its workspace, then its board. */
export function HookPlace({ hook }: { hook: Pick<MyHook, 'team_name' | 'board_name'> }) {
  return (
    <span className={styles.place}>
      <bdi className="truncate">{hook.team_name}</bdi>
      <ChevronRight size={14} className={`flip-in-rtl ${styles.placeIcon}`} aria-hidden="true" />
      <span className="visually-hidden">, </span>
      <bdi className="truncate">{hook.board_name}</bdi>
    </span>
  );
}

/** One of the person's hooks in the list: its address (to its page), where it is, its events and state. */
export function HookRow({ hook }: { hook: MyHook }) {
  const { t } = useTranslation();
  const events =
    hook.events.length === HOOK_EVENTS.length
      ? t('developer.hooks.allEvents')
      : hook.events.map((event) => eventLabel(t, event)).join(', ');
  return (
    <RowListItem className={styles.hookRow}>
      <div className={styles.hookText}>
        <Link to={hookScreen(hook.id)} className={`truncate ${styles.hookUrl}`} dir="ltr" title={hook.url}>
          {hook.url}
        </Link>
        <HookPlace hook={hook} />
        <span className={styles.muted}>{t('developer.hooks.events', { list: events })}</span>
      </div>
      <HookStatus hook={hook} />
    </RowListItem>
  );
}
