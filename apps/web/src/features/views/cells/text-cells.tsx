import { valueToPlainText } from '@strata/domain/attributes/type-registry';
import { lazy, Suspense } from 'react';
import type { CellEditProps, CellRenderProps } from '../view-types';
import styles from './cells.module.css';
import { InputEditor } from './editor-shell';
import { RichTextView } from './rich-text-view';

/** TipTap is large: the editor is fetched the first time a long text is edited. */
const LongTextEditor = lazy(() =>
  import('./rich-text-editor').then((module) => ({ default: module.LongTextEditor })),
);

function plain({ attribute, data, context }: CellRenderProps): string {
  return valueToPlainText(attribute, data, context);
}

export function TextCell(props: CellRenderProps) {
  const text = plain(props);
  return (
    <span className={styles.text} dir="auto" title={text || undefined}>
      {text}
    </span>
  );
}

/**
 * Long text: in a cell, its plain text on one line (the HTML is never rendered there); in the item
 * panel, the formatted text, sanitised before it reaches the DOM.
 */
export function LongTextCell(props: CellRenderProps) {
  if (props.variant === 'panel' && typeof props.data === 'string' && props.data !== '') {
    return <RichTextView html={props.data} />;
  }
  const text = plain(props).replace(/\s*\n+\s*/g, ' ');
  return (
    <span className={styles.text} dir="auto" title={text || undefined}>
      {text}
    </span>
  );
}

export function EmailCell(props: CellRenderProps) {
  const email = plain(props);
  if (!email) return null;
  return (
    <a className={styles.link} href={`mailto:${email}`} title={email}>
      {email}
    </a>
  );
}

export function PhoneCell(props: CellRenderProps) {
  const phone = plain(props);
  if (!phone) return null;
  return (
    <a className={styles.link} href={`tel:${phone.replace(/[^\d+]/g, '')}`} title={phone}>
      {phone}
    </a>
  );
}

const textData = (text: string) => (text === '' ? null : text);
const trimmedData = (text: string) => (text.trim() === '' ? null : text.trim());

export function TextEdit(props: CellEditProps) {
  return (
    <InputEditor {...props} initial={typeof props.data === 'string' ? props.data : ''} toData={textData} />
  );
}

export function EmailEdit(props: CellEditProps) {
  return (
    <InputEditor
      {...props}
      initial={typeof props.data === 'string' ? props.data : ''}
      toData={trimmedData}
      inputMode="email"
    />
  );
}

export function PhoneEdit(props: CellEditProps) {
  return (
    <InputEditor
      {...props}
      initial={typeof props.data === 'string' ? props.data : ''}
      toData={trimmedData}
      inputMode="tel"
    />
  );
}

/**
 * Long text: the rich-text editor (rich-text-editor.tsx) in a popover over the cell. Until its
 * code has arrived the cell keeps showing its value.
 */
export function LongTextEdit(props: CellEditProps) {
  const anchor = <LongTextCell {...props} />;
  return (
    <Suspense fallback={anchor}>
      <LongTextEditor {...props} anchor={anchor} />
    </Suspense>
  );
}
