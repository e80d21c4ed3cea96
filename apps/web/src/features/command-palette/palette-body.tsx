import * as Dialog from '@radix-ui/react-dialog';
import type { SearchHit } from '@strata/contracts/search';
import { Keyboard, Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { Command } from '../../lib/commands/command';
import type { PaletteMode } from '../../lib/commands/palette-state';
import { commandContext, runCommand, useCommands } from '../../lib/commands/use-commands';
import { useWorkspaces } from '../../lib/workspaces';
import styles from './command-palette.module.css';
import { GROUP_LABELS, hitPath, matchCommands } from './palette-model';
import { CommandOption, HitOption, MoreOption } from './palette-options';
import { usePaletteSearch } from './use-palette-search';

/** One choice of the list, in the order the arrow keys move through them. */
type Entry = { type: 'command'; command: Command } | { type: 'hit'; hit: SearchHit } | { type: 'more' };

/**
 * The palette's search field over one list (a combobox, the active option followed by
 * `aria-activedescendant`): the commands the text finds by group, then the workspace's search hits.
 */
export function PaletteBody({
  teamId,
  onModeChange,
}: {
  teamId: number | undefined;
  onModeChange(mode: PaletteMode): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const commands = useCommands();
  const search = usePaletteSearch(text, teamId);
  const workspace = useWorkspaces().data?.find((team) => team.id === teamId);

  const sections = useMemo(() => {
    const context = commandContext('palette');
    return matchCommands(
      commands.filter((command) => command.id !== 'palette.open'),
      text,
      { label: (command) => t(command.label, command.values), group: (group) => t(GROUP_LABELS[group]) },
      (command) => command.when?.(context) ?? true,
    );
  }, [commands, text, t]);
  const entries: Entry[] = [
    ...sections.flatMap((section) =>
      section.commands.map((command) => ({ type: 'command' as const, command })),
    ),
    ...search.hits.map((hit) => ({ type: 'hit' as const, hit })),
    ...(search.hasMore ? [{ type: 'more' as const }] : []),
  ];
  const activeIndex = Math.min(active, entries.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;

  // The active option stays in view as the arrow keys move it (a pointer's scrolling is left alone).
  useEffect(() => {
    if (activeIndex >= 0)
      document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, activeIndex]);

  const choose = (entry: Entry | undefined) => {
    if (!entry) return;
    if (entry.type === 'more') {
      search.loadMore();
      return;
    }
    // Closed first: a command may open the palette again in another mode (the shortcuts sheet).
    onModeChange(null);
    if (entry.type === 'command') runCommand(entry.command, 'palette');
    else void navigate(hitPath(entry.hit));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined && entries.length > 0) {
      event.preventDefault();
      setActive((activeIndex + step + entries.length) % entries.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(entries[activeIndex]);
    }
  };

  let index = -1;
  const option = (entry: Entry) => {
    index += 1;
    const at = index;
    const common = {
      id: optionId(at),
      isActive: at === activeIndex,
      onChoose: () => choose(entry),
      onHover: () => setActive(at),
    };
    if (entry.type === 'command')
      return <CommandOption key={entry.command.id} command={entry.command} {...common} />;
    if (entry.type === 'hit')
      return (
        <HitOption
          key={`${entry.hit.kind}-${entry.hit.id}`}
          hit={entry.hit}
          query={search.query}
          {...common}
        />
      );
    return <MoreOption key="more" isLoading={search.isLoadingMore} {...common} />;
  };

  const searchHeading = workspace
    ? t('palette.groups.search', { workspace: workspace.name })
    : t('common.search');
  const status =
    search.status === 'loading'
      ? t('palette.searching')
      : search.status === 'error'
        ? t('palette.searchFailed')
        : search.status === 'done' && search.hits.length === 0
          ? t('palette.noResults', { query: search.query })
          : teamId === undefined && text.trim() !== ''
            ? t('palette.noWorkspace')
            : '';
  const isEmpty = entries.length === 0 && search.status !== 'loading';

  return (
    <>
      <Dialog.Title className="visually-hidden">{t('palette.title')}</Dialog.Title>
      <div className={styles.inputRow}>
        <Search size={18} aria-hidden="true" className={styles.inputIcon} />
        <input
          className={styles.input}
          type="text"
          role="combobox"
          aria-label={t('palette.inputLabel')}
          aria-expanded={entries.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          placeholder={t('palette.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={handleKeyDown}
          autoComplete="off"
          spellCheck={false}
          dir="auto"
        />
      </div>
      <div id={`${id}-list`} role="listbox" aria-label={t('palette.title')} className={styles.list}>
        {sections.map((section) => (
          <div key={section.group} role="presentation" className={styles.group}>
            <div id={`${id}-${section.group}`} aria-hidden="true" className={styles.groupHeading}>
              {t(GROUP_LABELS[section.group])}
            </div>
            {/* biome-ignore lint/a11y/useSemanticElements: a listbox's group of options (WAI-ARIA), not a form's fieldset */}
            <div role="group" aria-labelledby={`${id}-${section.group}`}>
              {section.commands.map((command) => option({ type: 'command', command }))}
            </div>
          </div>
        ))}
        {search.hits.length > 0 && (
          <div role="presentation" className={styles.group}>
            <div id={`${id}-search`} aria-hidden="true" className={styles.groupHeading}>
              {searchHeading}
            </div>
            {/* biome-ignore lint/a11y/useSemanticElements: a listbox's group of options (WAI-ARIA), not a form's fieldset */}
            <div role="group" aria-labelledby={`${id}-search`}>
              {search.hits.map((hit) => option({ type: 'hit', hit }))}
              {search.hasMore && option({ type: 'more' })}
            </div>
          </div>
        )}
      </div>
      <div className={styles.footer}>
        <p role="status" className={search.status === 'error' ? styles.statusError : styles.status}>
          {isEmpty && search.status !== 'error' && status === '' ? t('common.noResults') : status}
        </p>
        {search.status === 'error' && (
          <button type="button" className={styles.footerButton} onClick={search.retry}>
            {t('common.retry')}
          </button>
        )}
        <button type="button" className={styles.footerButton} onClick={() => onModeChange('shortcuts')}>
          <Keyboard size={16} aria-hidden="true" />
          {t('palette.commands.shortcuts')}
        </button>
      </div>
    </>
  );
}
