import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { COMMAND_GROUPS } from '../../lib/commands/command';
import { isApplePlatform, shortcutText } from '../../lib/commands/shortcuts';
import { useCommands } from '../../lib/commands/use-commands';
import styles from './command-palette.module.css';
import { GROUP_LABELS } from './palette-model';

/** Every command of the registry that has a shortcut, by group: what the keyboard can do here. */
export function ShortcutsSheet() {
  const { t } = useTranslation();
  const isApple = isApplePlatform();
  const latest = new Map(useCommands().map((command) => [command.id, command]));
  const withShortcut = [...latest.values()].filter((command) => command.shortcut);
  const sections = COMMAND_GROUPS.map((group) => ({
    group,
    commands: withShortcut.filter((command) => command.group === group),
  })).filter((section) => section.commands.length > 0);
  return (
    <div className={styles.sheet}>
      <div className={styles.sheetHeader}>
        <Dialog.Title className={styles.sheetTitle}>{t('palette.sheet.title')}</Dialog.Title>
        <Dialog.Close className={styles.iconButton} aria-label={t('common.close')}>
          <X size={18} aria-hidden="true" />
        </Dialog.Close>
      </div>
      <p className={styles.sheetNote}>{t('palette.sheet.note')}</p>
      {sections.map((section) => (
        <section key={section.group} aria-labelledby={`shortcuts-${section.group}`}>
          <h3 id={`shortcuts-${section.group}`} className={styles.groupHeading}>
            {t(GROUP_LABELS[section.group])}
          </h3>
          <dl className={styles.shortcutList}>
            {section.commands.map((command) => (
              <div key={command.id} className={styles.shortcutRow}>
                <dt>{t(command.label, command.values)}</dt>
                <dd>
                  <kbd className={styles.kbd} dir="ltr">
                    {shortcutText(command.shortcut!, isApple)}
                  </kbd>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
