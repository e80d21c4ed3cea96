import * as Dialog from '@radix-ui/react-dialog';
import type { Automation } from '@strata/contracts/automations';
import type { Recipe } from '@strata/domain/automations/recipe';
import { ArrowLeft, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { AutomationBuilder, type BuilderStart } from './automation-builder';
import styles from './automations.module.css';
import { type AutomationTab, AutomationTabs } from './automations-tabs';
import { BrowseTab } from './browse-tab';
import { ManageTab } from './manage-tab';
import { UsageTab } from './usage-tab';

/**
 * The board's Automations screen: ready recipes to start from (Browse), the board's automations
 * (Manage) and the workspace's runs (Usage); the builder takes the dialog's place while one is
 * made or edited. A Radix dialog like the app's Modal (Escape, focus kept inside and given back),
 * wider, and the whole screen below 780 px.
 */
export function AutomationsDialog({
  open,
  onOpenChange,
  initialTab = 'browse',
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  initialTab?: AutomationTab;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AutomationTab>(initialTab);
  const [building, setBuilding] = useState<BuilderStart | null>(null);

  const startNew = (recipe: Recipe, name: string) => setBuilding({ recipe, name, enabled: false });
  const startEdit = (automation: Automation) =>
    setBuilding({
      automation,
      recipe: automation.recipe,
      name: automation.name,
      enabled: automation.enabled,
    });
  const handleSaved = () => {
    setBuilding(null);
    setTab('manage');
  };
  const title = building
    ? t(building.automation ? 'views.automations.builder.editTitle' : 'views.automations.builder.newTitle')
    : t('views.automations.title');

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <div className={styles.header}>
            <Dialog.Close className={`${styles.iconButton} ${styles.back}`} aria-label={t('common.back')}>
              <ArrowLeft size={18} className="flip-in-rtl" aria-hidden="true" />
            </Dialog.Close>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={`${styles.iconButton} ${styles.close}`} aria-label={t('common.close')}>
              <X size={18} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="visually-hidden">
            {t('views.automations.description')}
          </Dialog.Description>
          {building ? (
            <AutomationBuilder start={building} onCancel={() => setBuilding(null)} onSaved={handleSaved} />
          ) : (
            <>
              <AutomationTabs tab={tab} onChange={setTab} />
              <div
                role="tabpanel"
                id={`automations-panel-${tab}`}
                aria-labelledby={`automations-tab-${tab}`}
                className={styles.panel}
              >
                {tab === 'browse' && <BrowseTab onChoose={startNew} />}
                {tab === 'manage' && <ManageTab onEdit={startEdit} onBrowse={() => setTab('browse')} />}
                {tab === 'usage' && <UsageTab />}
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
