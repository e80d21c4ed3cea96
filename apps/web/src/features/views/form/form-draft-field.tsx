import { type KeyboardEvent, useEffect, useState } from 'react';
import { TextArea } from '../../../ui/text-area';
import { TextField } from '../../../ui/text-field';

export interface DraftFieldProps {
  label: string;
  value: string;
  /** Called with the text when the field loses focus (or Enter in one line) and it changed. */
  onCommit(value: string): void;
  /** The message when the text may not be saved (it is then kept here, not saved). */
  validate?: (value: string) => string | undefined;
  multiline?: boolean;
  type?: 'text' | 'url' | 'number' | 'datetime-local';
  placeholder?: string;
  hint?: string;
  readOnly?: boolean;
  maxLength?: number;
  min?: number;
}

/**
 * A text of the form's settings, edited here and saved when done (on leaving the field), not at
 * every key: each save is a change of the view for everyone who sees it. A change that arrives from
 * elsewhere replaces the text unless it is being edited.
 */
export function DraftField({ value, onCommit, validate, multiline, readOnly, ...rest }: DraftFieldProps) {
  const [draft, setDraft] = useState(value);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!editing) setDraft(value);
  }, [value, editing]);

  const handleCommit = () => {
    setEditing(false);
    const message = validate?.(draft);
    setError(message);
    if (message === undefined && draft !== value) onCommit(draft);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') handleCommit();
  };
  const shared = {
    ...rest,
    value: draft,
    readOnly,
    error,
    onFocus: () => setEditing(true),
    onBlur: handleCommit,
  };
  return multiline ? (
    <TextArea {...shared} onChange={(event) => setDraft(event.currentTarget.value)} />
  ) : (
    <TextField
      {...shared}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onKeyDown={handleKeyDown}
    />
  );
}
