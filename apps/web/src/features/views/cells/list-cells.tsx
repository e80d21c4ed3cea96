import { checklistProgress } from '@strata/domain/attributes/progress';
import { readValue } from '@strata/domain/attributes/type-registry';
import type { ChecklistEntry, LinkEntry } from '@strata/domain/attributes/types/list-handlers';
import { normaliseUrl } from '@strata/domain/attributes/types/list-handlers';
import { newIdOf } from '@strata/domain/attributes/value-context';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { CellEditProps, CellRenderProps } from '../view-types';
import styles from './cells.module.css';
import { EditorMessage, PopoverEditor } from './editor-shell';
import { useValidatedCommit } from './use-validated-commit';

function listOf<E>(props: Pick<CellRenderProps, 'attribute' | 'data'>): E[] {
  const value = readValue(props.attribute, props.data);
  return Array.isArray(value) ? (value as E[]) : [];
}

/** Only the schemes the domain accepts become links; anything else stays text. */
function safeHref(url: string): string | null {
  return normaliseUrl(url);
}

function LinkAnchor({ link }: { link: LinkEntry }) {
  const href = safeHref(link.url);
  const text = link.name || link.url;
  if (!href) return <span className={styles.text}>{text}</span>;
  return (
    <a
      className={styles.link}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={link.url}
      onClick={(event) => event.stopPropagation()}
    >
      {text}
    </a>
  );
}

/** Links: the first link (its name, else its URL), then "+N". */
export function LinksCell(props: CellRenderProps) {
  const links = listOf<LinkEntry>(props);
  if (links.length === 0) return null;
  return (
    <span className={styles.row}>
      <LinkAnchor link={links[0]!} />
      {links.length > 1 && (
        <span className={`${styles.chip} ${styles.neutralChip}`}>+{links.length - 1}</span>
      )}
    </span>
  );
}

/** Links: the list with remove buttons and a form adding one (scheme added to a bare host). */
export function LinksEdit(props: CellEditProps) {
  const { t } = useTranslation();
  const id = useId();
  const [links, setLinks] = useState(() => listOf<LinkEntry>(props));
  const [url, setUrl] = useState(props.initialText ?? '');
  const [name, setName] = useState('');
  const { commit, error } = useValidatedCommit(props.attribute, props.context, props.onCommit);
  const save = (next: LinkEntry[]) => {
    if (!commit(next.length === 0 ? null : next, { keepOpen: true })) return false;
    setLinks(next);
    return true;
  };
  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    const entry = { id: newIdOf(props.context), url: url.trim(), name: name.trim(), favicon: null };
    if (save([...links, entry])) {
      setUrl('');
      setName('');
    }
  };
  return (
    <PopoverEditor label={props.attribute.name} onClose={props.onCancel} anchor={<LinksCell {...props} />}>
      <ul className={styles.entries}>
        {links.map((link) => (
          <li key={link.id} className={styles.entry}>
            <span />
            <LinkAnchor link={link} />
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('views.cells.removeLink', { name: link.name || link.url })}
              onClick={() => save(links.filter((other) => other.id !== link.id))}
            >
              <X size={14} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <form className={styles.entries} onSubmit={handleAdd}>
        <label htmlFor={`${id}-url`}>{t('views.cells.linkUrl')}</label>
        <input
          id={`${id}-url`}
          className={styles.input}
          // biome-ignore lint/a11y/noAutofocus: the editor opens because the user asked to edit this cell
          autoFocus
          inputMode="url"
          aria-invalid={error !== null}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <label htmlFor={`${id}-name`}>{t('views.cells.linkName')}</label>
        <input
          id={`${id}-name`}
          className={styles.input}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <EditorMessage error={error} />
        <div className={styles.actions}>
          <button type="submit" className={`${styles.plainButton} ${styles.primaryButton}`}>
            {t('views.cells.addLink')}
          </button>
        </div>
      </form>
    </PopoverEditor>
  );
}

/** Checklist: entries done over all ("2/5") with a small bar. */
export function ChecklistCell(props: CellRenderProps) {
  const { t } = useTranslation();
  const entries = listOf<ChecklistEntry>(props);
  if (entries.length === 0) return null;
  const progress = checklistProgress(entries);
  return (
    <span className={styles.row}>
      <span className={styles.bar} aria-hidden="true">
        <span
          className={`${styles.barFill} ${progress.percent === 100 ? styles.barDone : ''}`}
          style={{ inlineSize: `${progress.percent}%` }}
        />
      </span>
      <span
        className={styles.muted}
        title={t('views.cells.checklistProgress', { done: progress.done, total: progress.total })}
      >
        {progress.done}/{progress.total}
      </span>
    </span>
  );
}

/** Checklist: tick, remove and add entries; each change is saved at once and the popover stays. */
export function ChecklistEdit(props: CellEditProps) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState(() => listOf<ChecklistEntry>(props));
  const [name, setName] = useState(props.initialText ?? '');
  const { commit, error } = useValidatedCommit(props.attribute, props.context, props.onCommit);
  const save = (next: ChecklistEntry[]) => {
    if (!commit(next.length === 0 ? null : next, { keepOpen: true })) return false;
    setEntries(next);
    return true;
  };
  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    if (save([...entries, { id: newIdOf(props.context), name, done: false }])) setName('');
  };
  const progress = checklistProgress(entries);
  return (
    <PopoverEditor
      label={props.attribute.name}
      onClose={props.onCancel}
      anchor={<ChecklistCell {...props} />}
    >
      <div className={styles.muted}>
        {t('views.cells.checklistProgress', { done: progress.done, total: progress.total })}
      </div>
      <ul className={styles.entries}>
        {entries.map((entry) => (
          <li key={entry.id} className={styles.entry}>
            <input
              type="checkbox"
              className={styles.checkbox}
              aria-label={entry.name}
              checked={entry.done}
              onChange={() =>
                save(
                  entries.map((other) => (other.id === entry.id ? { ...other, done: !other.done } : other)),
                )
              }
            />
            <span className={`${styles.text} ${entry.done ? styles.done : ''}`}>{entry.name}</span>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('views.cells.removeEntry', { name: entry.name })}
              onClick={() => save(entries.filter((other) => other.id !== entry.id))}
            >
              <X size={14} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <form className={styles.addRow} onSubmit={handleAdd}>
        <input
          className={styles.input}
          // biome-ignore lint/a11y/noAutofocus: the editor opens because the user asked to edit this cell
          autoFocus
          aria-label={t('views.cells.newEntry')}
          placeholder={t('views.cells.newEntry')}
          aria-invalid={error !== null}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className={styles.iconButton} aria-label={t('views.cells.addEntry')}>
          <Plus size={16} aria-hidden="true" />
        </button>
      </form>
      <EditorMessage error={error} />
    </PopoverEditor>
  );
}
