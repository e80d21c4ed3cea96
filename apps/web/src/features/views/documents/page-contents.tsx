import type { Editor } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from './documents.module.css';

interface Heading {
  level: number;
  text: string;
  /** Where the heading starts in the document. */
  pos: number;
  /** Where its text ends: the cursor goes there. */
  end: number;
}

function headingsOf(editor: Editor): Heading[] {
  const found: Heading[] = [];
  editor.state.doc.descendants((node, pos) => {
    if (node.type.name !== 'heading') return true;
    const text = node.textContent.trim();
    if (text) found.push({ level: Number(node.attrs.level) || 1, text, pos, end: pos + node.nodeSize - 1 });
    return false;
  });
  return found;
}

/**
 * The page's table of contents: its headings, kept up to date as anyone types, each taking the
 * reader (and the cursor) there. Shown once the page has two headings.
 */
export function PageContents({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [headings, setHeadings] = useState<Heading[]>(() => headingsOf(editor));
  useEffect(() => {
    const update = () => setHeadings(headingsOf(editor));
    update();
    editor.on('update', update);
    return () => {
      editor.off('update', update);
    };
  }, [editor]);
  if (headings.length < 2) return null;
  const go = (heading: Heading) => {
    editor.commands.focus(heading.end);
    const element = editor.view.nodeDOM(heading.pos);
    if (element instanceof HTMLElement) element.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  return (
    <nav className={styles.contents} aria-label={t('views.documents.contents')}>
      <ul>
        {headings.map((heading) => (
          <li key={heading.pos} style={{ paddingInlineStart: `${(heading.level - 1) * 12}px` }}>
            <button type="button" className={styles.contentsLink} dir="auto" onClick={() => go(heading)}>
              {heading.text}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
