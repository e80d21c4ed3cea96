import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import styles from './item-panel.module.css';

export type ItemPanelTab = 'attributes' | 'comments';
const TABS: readonly ItemPanelTab[] = ['attributes', 'comments'];

/**
 * The item panel's sections as tabs (query `t`): arrows move between them (mirrored in
 * right-to-left pages), Home and End go to the ends; the selected tab is the one Tab reaches.
 */
export function ItemPanelTabs(props: {
  itemId: string;
  tab: ItemPanelTab;
  onChange(tab: ItemPanelTab): void;
}) {
  const { t, i18n } = useTranslation();
  const buttons = useRef(new Map<ItemPanelTab, HTMLButtonElement>());
  const move = (event: KeyboardEvent) => {
    const forward = i18n.dir() === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = i18n.dir() === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const index = TABS.indexOf(props.tab);
    let next: number | null = null;
    if (event.key === forward) next = (index + 1) % TABS.length;
    else if (event.key === backward) next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next]!;
    props.onChange(tab);
    buttons.current.get(tab)?.focus();
  };
  return (
    <div role="tablist" aria-label={t('items.panelTabs.label')} className={styles.tabs} onKeyDown={move}>
      {TABS.map((tab) => (
        <button
          key={tab}
          ref={(node) => {
            if (node) buttons.current.set(tab, node);
            else buttons.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={`item-tab-${tab}-${props.itemId}`}
          aria-selected={props.tab === tab}
          aria-controls={`item-panel-${tab}-${props.itemId}`}
          tabIndex={props.tab === tab ? 0 : -1}
          className={styles.tab}
          onClick={() => props.onChange(tab)}
        >
          {t(`items.panelTabs.${tab}`)}
        </button>
      ))}
    </div>
  );
}
