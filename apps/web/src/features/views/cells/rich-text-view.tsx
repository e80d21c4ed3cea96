import { useMemo } from 'react';
import styles from './rich-text.module.css';
import { sanitiseLongTextHtml } from './rich-text-html';

/**
 * Long text drawn with its formatting (the item panel). The HTML is sanitised here, whatever the
 * server did: only the server's allow-list of tags, attributes and link schemes reaches the DOM.
 */
export function RichTextView({ html }: { html: string }) {
  const safe = useMemo(() => sanitiseLongTextHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify on the line above
  return <div className={styles.rich} dangerouslySetInnerHTML={{ __html: safe }} />;
}
