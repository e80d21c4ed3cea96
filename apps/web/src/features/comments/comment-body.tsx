import { useMemo } from 'react';
import { sanitiseLongTextHtml } from '../views/cells/rich-text-html';
import styles from './comments.module.css';

/**
 * A comment's HTML, sanitised here whatever the server did, with each mention showing the
 * member's current name (`nameOf`), not the one written at the time.
 */
export function CommentBody({ html, nameOf }: { html: string; nameOf(userId: number): string }) {
  const shown = useMemo(() => {
    const template = document.createElement('template');
    template.innerHTML = sanitiseLongTextHtml(html);
    for (const mention of template.content.querySelectorAll('span[data-type="mention"]')) {
      const id = Number(mention.getAttribute('data-id'));
      if (Number.isInteger(id) && id > 0) mention.textContent = `@${nameOf(id)}`;
      mention.classList.add(styles.mention ?? '');
      mention.setAttribute('dir', 'auto');
    }
    for (const block of template.content.children) block.setAttribute('dir', 'auto');
    return template.innerHTML;
  }, [html, nameOf]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify above; only text and a class were set after
  return <div className={styles.body} dangerouslySetInnerHTML={{ __html: shown }} />;
}
