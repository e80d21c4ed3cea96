import { type Editor, useEditorState } from '@tiptap/react';
import {
  Bold,
  Code,
  Heading2,
  Heading3,
  Italic,
  Link,
  List,
  ListOrdered,
  type LucideIcon,
  Strikethrough,
  TextQuote,
} from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from './rich-text.module.css';

export interface Tool {
  /** The catalogue key under `views.richText`. */
  key: string;
  icon: LucideIcon;
  /**
   * Icons drawn along the line (bullets, the quote bar) mirror in right-to-left text; the numbered
   * list's does not, its digits would read backwards.
   */
  flip?: boolean;
  /** `aria-keyshortcuts`, where the shortcut is one people know. */
  shortcut?: string;
  isActive(editor: Editor): boolean;
  /** Shown only where it applies (a table's rows and columns, inside a table); always by default. */
  isAvailable?(editor: Editor): boolean;
  run(editor: Editor): void;
}

const TOOLS: readonly Tool[] = [
  {
    key: 'bold',
    icon: Bold,
    shortcut: 'Control+B Meta+B',
    isActive: (editor) => editor.isActive('bold'),
    run: (editor) => editor.chain().focus().toggleBold().run(),
  },
  {
    key: 'italic',
    icon: Italic,
    shortcut: 'Control+I Meta+I',
    isActive: (editor) => editor.isActive('italic'),
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    key: 'strike',
    icon: Strikethrough,
    isActive: (editor) => editor.isActive('strike'),
    run: (editor) => editor.chain().focus().toggleStrike().run(),
  },
  {
    key: 'code',
    icon: Code,
    isActive: (editor) => editor.isActive('code'),
    run: (editor) => editor.chain().focus().toggleCode().run(),
  },
  {
    key: 'heading2',
    icon: Heading2,
    isActive: (editor) => editor.isActive('heading', { level: 2 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    key: 'heading3',
    icon: Heading3,
    isActive: (editor) => editor.isActive('heading', { level: 3 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    key: 'bulletList',
    icon: List,
    flip: true,
    isActive: (editor) => editor.isActive('bulletList'),
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    key: 'orderedList',
    icon: ListOrdered,
    isActive: (editor) => editor.isActive('orderedList'),
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  {
    key: 'blockquote',
    icon: TextQuote,
    flip: true,
    isActive: (editor) => editor.isActive('blockquote'),
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
  },
];

/**
 * The formatting buttons: one tab stop (arrow keys, Home and End move along it, mirrored in
 * right-to-left text), `aria-pressed` for what applies at the selection. Buttons keep the editor's
 * selection: a mouse press does not take focus from the text.
 */
export function RichTextToolbar({
  editor,
  onLink,
  extraTools = [],
}: {
  editor: Editor;
  onLink(): void;
  /** More tools after the link's (a document's tables). */
  extraTools?: readonly Tool[];
}) {
  const { t } = useTranslation();
  const [focusIndex, setFocusIndex] = useState(0);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      tools: TOOLS.map((tool) => tool.isActive(current)),
      link: current.isActive('link'),
      extra: extraTools.map((tool) => ({
        pressed: tool.isActive(current),
        shown: tool.isAvailable?.(current) ?? true,
      })),
    }),
  });
  const linkIndex = TOOLS.length;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll('button')];
    const rtl = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number;
    if (step !== undefined) next = (focusIndex + step + buttons.length) % buttons.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    else return;
    event.preventDefault();
    setFocusIndex(next);
    buttons[next]?.focus();
  };

  const button = (index: number, key: string, pressed: boolean, onClick: () => void, tool?: Tool) => {
    const Icon = tool?.icon ?? Link;
    return (
      <button
        key={key}
        type="button"
        className={styles.tool}
        aria-label={t(`views.richText.${key}`)}
        title={t(`views.richText.${key}`)}
        aria-pressed={pressed}
        aria-keyshortcuts={tool ? tool.shortcut : 'Control+K Meta+K'}
        tabIndex={index === focusIndex ? 0 : -1}
        onMouseDown={(event) => event.preventDefault()}
        onFocus={() => setFocusIndex(index)}
        onClick={onClick}
      >
        <Icon size={16} aria-hidden="true" className={tool?.flip ? 'flip-in-rtl' : undefined} />
      </button>
    );
  };

  return (
    <div
      role="toolbar"
      aria-label={t('views.richText.toolbar')}
      className={styles.toolbar}
      onKeyDown={handleKeyDown}
    >
      {TOOLS.map((tool, index) =>
        button(index, tool.key, active.tools[index] ?? false, () => tool.run(editor), tool),
      )}
      {button(linkIndex, 'link', active.link, onLink)}
      {extraTools
        .map((tool, index) => ({ tool, state: active.extra[index] }))
        .filter(({ state }) => state?.shown)
        .map(({ tool, state }, index) =>
          button(linkIndex + 1 + index, tool.key, state?.pressed ?? false, () => tool.run(editor), tool),
        )}
    </div>
  );
}
