import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import styles from './automations.module.css';

export type AutomationTab = 'browse' | 'manage' | 'usage';
const TABS: readonly AutomationTab[] = ['browse', 'manage', 'usage'];

/**
 * The screen's tabs: arrows move between them (mirrored right to left), Home and End go to the
 * ends; the selected tab is the one Tab reaches.
 */
export function AutomationTabs({
  tab,
  onChange,
}: {
  tab: AutomationTab;
  onChange(tab: AutomationTab): void;
}) {
  const { t, i18n } = useTranslation();
  const buttons = useRef(new Map<AutomationTab, HTMLButtonElement>());
  const handleKeyDown = (event: KeyboardEvent) => {
    const isRtl = i18n.dir() === 'rtl';
    const index = TABS.indexOf(tab);
    let next: number | null = null;
    if (event.key === (isRtl ? 'ArrowLeft' : 'ArrowRight')) next = (index + 1) % TABS.length;
    else if (event.key === (isRtl ? 'ArrowRight' : 'ArrowLeft'))
      next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const chosen = TABS[next]!;
    onChange(chosen);
    buttons.current.get(chosen)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t('views.automations.tabs.label')}
      className={styles.tabs}
      onKeyDown={handleKeyDown}
    >
      {TABS.map((name) => (
        <button
          key={name}
          ref={(node) => {
            if (node) buttons.current.set(name, node);
            else buttons.current.delete(name);
          }}
          type="button"
          role="tab"
          id={`automations-tab-${name}`}
          aria-selected={tab === name}
          aria-controls={`automations-panel-${name}`}
          tabIndex={tab === name ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(name)}
        >
          {t(`views.automations.tabs.${name}`)}
        </button>
      ))}
    </div>
  );
}
