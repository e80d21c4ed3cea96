import { Check } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from './cells.module.css';

export interface PickerOption {
  id: string;
  /** Searched and announced. */
  label: string;
  /** What the option shows (a coloured chip, an avatar and a name); the label when absent. */
  content?: ReactNode;
}

/**
 * A searchable list of options for the label and member pickers: typing filters (by any word
 * start), arrow keys move, Enter toggles the active option. Picking is the caller's business.
 */
export function OptionList({
  label,
  options,
  selected,
  onToggle,
  initialQuery = '',
}: {
  label: string;
  options: readonly PickerOption[];
  selected: readonly string[];
  onToggle(id: string): void;
  initialQuery?: string;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const listId = useId();
  const visible = useMemo(() => {
    const wanted = query.trim().toLowerCase();
    if (wanted === '') return options;
    return options.filter((option) =>
      option.label
        .toLowerCase()
        .split(/\s+/)
        .some((word) => word.startsWith(wanted) || option.label.toLowerCase().startsWith(wanted)),
    );
  }, [options, query]);
  const current = Math.min(active, Math.max(0, visible.length - 1));

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + visible.length) % Math.max(1, visible.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = visible[current];
      if (option) onToggle(option.id);
    }
  };

  return (
    <>
      <input
        className={styles.input}
        role="combobox"
        aria-label={t('common.search')}
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={visible[current] ? `${listId}-${current}` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the picker opens because the user asked to edit this cell
        autoFocus
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={handleKeyDown}
      />
      <div
        id={listId}
        className={styles.options}
        role="listbox"
        aria-label={label}
        aria-multiselectable="true"
        tabIndex={-1}
      >
        {visible.map((option, index) => {
          const isSelected = selected.includes(option.id);
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the search field drives the keyboard (aria-activedescendant)
            <div
              key={option.id}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={isSelected}
              className={`${styles.option} ${index === current ? styles.optionActive : ''}`}
              onClick={() => onToggle(option.id)}
              onPointerMove={() => setActive(index)}
            >
              <span className={styles.optionCheck}>
                {isSelected && <Check size={14} aria-hidden="true" />}
              </span>
              {option.content ?? option.label}
            </div>
          );
        })}
      </div>
      {visible.length === 0 && <div className={styles.empty}>{t('common.noResults')}</div>}
    </>
  );
}
