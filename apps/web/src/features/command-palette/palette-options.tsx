import type { SearchHit, SearchKind } from '@strata/contracts/search';
import {
  ChevronDown,
  FileText,
  Folder,
  type LucideIcon,
  MessageSquare,
  SquareKanban,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { Command } from '../../lib/commands/command';
import { isApplePlatform, shortcutText } from '../../lib/commands/shortcuts';
import styles from './command-palette.module.css';
import { highlightParts } from './palette-model';

interface OptionProps {
  id: string;
  isActive: boolean;
  onChoose(): void;
  onHover(): void;
}

const KIND_ICONS: Record<SearchKind, LucideIcon> = {
  item: FileText,
  comment: MessageSquare,
  board: SquareKanban,
  folder: Folder,
};

function Option({ id, isActive, onChoose, onHover, children }: OptionProps & { children: ReactNode }) {
  return (
    // The input keeps the focus (aria-activedescendant points here); a click chooses.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={isActive}
      className={`${styles.option} ${isActive ? styles.active : ''}`}
      onClick={onChoose}
      onMouseMove={isActive ? undefined : onHover}
      onMouseDown={(event) => event.preventDefault()}
    >
      {children}
    </div>
  );
}

export function CommandOption({ command, ...props }: OptionProps & { command: Command }) {
  const { t } = useTranslation();
  const isChecked = command.isChecked?.() ?? false;
  return (
    <Option {...props}>
      <Zap size={16} aria-hidden="true" className={styles.optionIcon} />
      <span className={styles.optionLabel}>
        {t(command.label, command.values)}
        {isChecked && <span className="visually-hidden">{` (${t('palette.current')})`}</span>}
      </span>
      {isChecked && (
        <span className={styles.current} aria-hidden="true">
          {t('palette.current')}
        </span>
      )}
      {command.shortcut && (
        <kbd className={styles.kbd} dir="ltr">
          {shortcutText(command.shortcut, isApplePlatform())}
        </kbd>
      )}
    </Option>
  );
}

/** A text with the words of the query marked (as elements: the text is never read as HTML). */
function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, index) =>
        part.isMatch ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
          <mark key={index} className={styles.mark}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

export function HitOption({ hit, query, ...props }: OptionProps & { hit: SearchHit; query: string }) {
  const { t } = useTranslation();
  const Icon = KIND_ICONS[hit.kind];
  const title = hit.title?.trim() ? hit.title : t('palette.untitled');
  return (
    <Option {...props}>
      <Icon size={16} aria-hidden="true" className={styles.optionIcon} />
      <span className={styles.hit}>
        <span className={styles.hitTitle} dir="auto">
          <Highlighted text={title} query={query} />
        </span>
        <span className={styles.hitMeta}>
          {t(`palette.kinds.${hit.kind}`)}
          {hit.kind !== 'board' && (
            <>
              {' · '}
              <bdi>{hit.board_name}</bdi>
            </>
          )}
        </span>
        {hit.snippet && (
          <span className={styles.snippet} dir="auto">
            <Highlighted text={hit.snippet} query={query} />
          </span>
        )}
      </span>
    </Option>
  );
}

export function MoreOption({ isLoading, ...props }: OptionProps & { isLoading: boolean }) {
  const { t } = useTranslation();
  return (
    <Option {...props}>
      <ChevronDown size={16} aria-hidden="true" className={styles.optionIcon} />
      <span className={styles.optionLabel}>{isLoading ? t('palette.searching') : t('palette.loadMore')}</span>
    </Option>
  );
}
