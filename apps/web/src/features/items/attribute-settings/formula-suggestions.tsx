import type { FormulaCatalogEntry } from '@strata/domain/attributes/formula/formula-catalog';
import {
  type ChangeEvent,
  type KeyboardEvent,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { TextArea } from '../../../ui/text-area';
import styles from './formula-suggestions.module.css';

const MAX_SUGGESTIONS = 8;

/** The function name being typed before the caret: letters, digits, _ and dots, outside text and braces. */
export function wordAtCaret(text: string, caret: number): { start: number; word: string } | null {
  let quote: string | null = null;
  let inBraces = false;
  for (let at = 0; at < caret; at++) {
    const ch = text[at]!;
    if (quote) {
      if (ch === '\\') at++;
      else if (ch === quote) quote = null;
    } else if (inBraces) {
      if (ch === '\\') at++;
      else if (ch === '}') inBraces = false;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') inBraces = true;
  }
  if (quote || inBraces) return null;
  let start = caret;
  while (start > 0 && /[\w.]/.test(text[start - 1]!)) start--;
  const word = text.slice(start, caret);
  return /^[A-Za-z]/.test(word) ? { start, word } : null;
}

/** Functions whose name starts with the word (case ignored), shortest first; none for an exact, complete name. */
export function matchFunctions(
  catalog: readonly FormulaCatalogEntry[],
  word: string,
): readonly FormulaCatalogEntry[] {
  const prefix = word.toUpperCase();
  const found = catalog.filter((entry) => entry.name.startsWith(prefix));
  if (found.length === 1 && found[0]!.name === prefix) return [];
  return found
    .sort((a, b) => a.name.length - b.name.length || a.name.localeCompare(b.name))
    .slice(0, MAX_SUGGESTIONS);
}

type FieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> & {
  label: string;
  error?: string;
  hint?: string;
  value: string;
  onValueChange(next: string): void;
};

/**
 * The formula text field with suggestions of function names and their signatures, from the
 * function catalog (loaded with the field, so only where formulas are edited). The caret stays
 * in the field: ↑ and ↓ move through the list, Enter or Tab insert `NAME(`, Escape closes it.
 */
export function FormulaFunctionField({ value, onValueChange, ...field }: FieldProps) {
  const { t } = useTranslation();
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [catalog, setCatalog] = useState<readonly FormulaCatalogEntry[]>([]);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const nextCaret = useRef<number | null>(null);

  useEffect(() => {
    let live = true;
    void import('@strata/domain/attributes/formula/formula-catalog').then((module) => {
      if (live) setCatalog(module.FORMULA_CATALOG);
    });
    return () => {
      live = false;
    };
  }, []);

  const typed = caret === null ? null : wordAtCaret(value, caret);
  const options = typed && !dismissed ? matchFunctions(catalog, typed.word) : [];
  const open = options.length > 0;
  const current = Math.min(active, options.length - 1);

  useLayoutEffect(() => {
    if (nextCaret.current === null || !ref.current) return;
    ref.current.setSelectionRange(nextCaret.current, nextCaret.current);
    setCaret(nextCaret.current);
    nextCaret.current = null;
  });

  // The dialog closes on Escape from a listener on the document; while the list is open, Escape
  // closes only the list, so it is taken before the document sees it.
  useEffect(() => {
    if (!open) return;
    const handleEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== ref.current) return;
      event.stopPropagation();
      setDismissed(true);
    };
    window.addEventListener('keydown', handleEscape, true);
    return () => window.removeEventListener('keydown', handleEscape, true);
  }, [open]);

  const follow = (element: HTMLTextAreaElement) => {
    setCaret(element.selectionStart === element.selectionEnd ? element.selectionStart : null);
  };

  const insert = (entry: FormulaCatalogEntry) => {
    if (!typed || caret === null) return;
    let end = caret;
    while (end < value.length && /[\w.]/.test(value[end]!)) end++;
    const bracket = value[end] === '(' ? '' : '(';
    nextCaret.current = typed.start + entry.name.length + 1;
    onValueChange(`${value.slice(0, typed.start)}${entry.name}${bracket}${value.slice(end)}`);
    setActive(0);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      event.preventDefault();
      insert(options[current]!);
    }
  };

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setDismissed(false);
    setActive(0);
    follow(event.target);
    onValueChange(event.target.value);
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div className={styles.field}>
      <TextArea
        {...field}
        ref={ref}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(current) : undefined}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onSelect={(event) => follow(event.currentTarget)}
        onBlur={() => setCaret(null)}
      />
      {open && (
        <div className={styles.panel}>
          <div
            id={listId}
            role="listbox"
            aria-label={t('items.settings.formulaFunctions')}
            className={styles.list}
            tabIndex={-1}
          >
            {options.map((entry, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the text field keeps the focus and drives the keyboard (aria-activedescendant)
              <div
                key={entry.name}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === current}
                className={`${styles.option} ${index === current ? styles.active : ''}`}
                // A press would take the focus from the field: keep it there, then insert.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insert(entry)}
              >
                <bdi dir="ltr">
                  <span className={styles.name}>{entry.name}</span>
                  <span className={styles.signature}>{entry.signature.slice(entry.name.length)}</span>
                </bdi>
              </div>
            ))}
          </div>
          <p className={styles.hint}>{t('items.settings.formulaFunctionsHint')}</p>
        </div>
      )}
    </div>
  );
}
