import * as Popover from '@radix-ui/react-popover';
import { Check, ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import styles from './dropdown.module.css';
import { matchesOption } from './dropdown-search';
import { TruncatedName } from './truncated-name';

export interface DropdownOption<V extends string> {
  value: V;
  label: string;
  /** Other words the search also matches (spec section 5). */
  synonyms?: readonly string[];
  disabled?: boolean;
  /** Language of the label, for options written in another language. */
  lang?: string;
}

interface CommonProps<V extends string> {
  options: readonly DropdownOption<V>[];
  /** Accessible name of the control. */
  label: string;
  searchable?: boolean;
  placeholder?: string;
  compact?: boolean;
  id?: string;
}

type DropdownProps<V extends string> = CommonProps<V> &
  (
    | { multiple?: false; value: V | null; onChange(value: V): void }
    | { multiple: true; value: V[]; onChange(value: V[]): void }
  );

/**
 * Single or multiple choice with optional search: arrow keys move, Enter picks, Escape closes;
 * disabled options are shown but skipped. The popup opens 5 px from its trigger.
 */
export function Dropdown<V extends string>(props: DropdownProps<V>) {
  const { t } = useTranslation();
  const { options, label, searchable, compact } = props;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const listId = useId();
  const selected = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const visible = useMemo(() => options.filter((o) => matchesOption(o, query)), [options, query]);
  const placeholder = props.placeholder ?? t('common.chooseOption');
  const summary = options
    .filter((o) => selected.includes(o.value))
    .map((o) => o.label)
    .join(', ');

  const openChange = (next: boolean) => {
    setOpen(next);
    setQuery('');
    setActive(
      next
        ? Math.max(
            0,
            options.findIndex((o) => selected.includes(o.value)),
          )
        : -1,
    );
  };

  const pick = (option: DropdownOption<V> | undefined) => {
    if (!option || option.disabled) return;
    if (props.multiple) {
      const next = props.value.includes(option.value)
        ? props.value.filter((v) => v !== option.value)
        : [...props.value, option.value];
      props.onChange(next);
    } else {
      props.onChange(option.value);
      openChange(false);
    }
  };

  const move = (step: 1 | -1) => {
    if (visible.length === 0) return;
    let index = active;
    for (let tries = 0; tries < visible.length; tries++) {
      index = (index + step + visible.length) % visible.length;
      if (!visible[index]!.disabled) break;
    }
    setActive(index);
    document.getElementById(`${listId}-${index}`)?.scrollIntoView({ block: 'nearest' });
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(visible[active]);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger
        id={props.id}
        className={`${styles.trigger} ${compact ? styles.compact : ''}`}
        aria-haspopup="listbox"
      >
        {/* The name is the label plus the visible value, so it contains what is seen (WCAG 2.5.3). */}
        <span className="visually-hidden">{label} </span>
        <span
          className={`truncate ${summary ? '' : styles.placeholder}`}
          dir="auto"
          title={summary || undefined}
        >
          {summary || placeholder}
        </span>
        <ChevronDown size={16} aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={styles.popup}
          sideOffset={5}
          align="start"
          onKeyDown={handleKeyDown}
          // Closing gives the focus back to the trigger, unless a pick opened something that
          // took it (the value editor of "Edit…"): taking it back would close that editor.
          onCloseAutoFocus={(event) => {
            if (document.activeElement && document.activeElement !== document.body) event.preventDefault();
          }}
        >
          {searchable ? (
            <input
              className={styles.search}
              aria-label={t('common.search')}
              placeholder={t('common.search')}
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
            />
          ) : (
            <span />
          )}
          <div
            id={listId}
            className={styles.list}
            role="listbox"
            aria-label={label}
            aria-multiselectable={props.multiple || undefined}
            aria-activedescendant={!searchable && active >= 0 ? `${listId}-${active}` : undefined}
            tabIndex={searchable ? -1 : 0}
          >
            {visible.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the popup (listbox pattern)
              <div
                key={option.value}
                tabIndex={-1}
                id={`${listId}-${index}`}
                role="option"
                lang={option.lang}
                aria-selected={selected.includes(option.value)}
                aria-disabled={option.disabled || undefined}
                className={`${styles.option} ${index === active ? styles.active : ''}`}
                onMouseEnter={() => !option.disabled && setActive(index)}
                onClick={() => pick(option)}
              >
                <span className={styles.check}>
                  {selected.includes(option.value) && <Check size={16} aria-hidden="true" />}
                </span>
                <TruncatedName name={option.label} />
              </div>
            ))}
            {visible.length === 0 && <div className={styles.empty}>{t('common.noResults')}</div>}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
