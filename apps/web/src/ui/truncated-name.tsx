import type { ElementType } from 'react';
import styles from './truncated-name.module.css';

/**
 * A user-given name (board, folder, view, item, workspace) on one line: cut with an ellipsis at
 * the end of its own direction, the whole name in its title for a pointer and in the text for
 * assistive technology. The container must let it shrink (min-inline-size: 0 on flex children).
 */
export function TruncatedName({
  name,
  as: Tag = 'span',
  className,
}: {
  name: string;
  as?: ElementType;
  className?: string;
}) {
  return (
    <Tag dir="auto" className={className ? `truncate ${className}` : 'truncate'} title={name}>
      {name}
    </Tag>
  );
}

/** Where the name goes in the translated sentence; a private-use character no name or text has. */
const NAME_MARK = '\uE000';

/**
 * A sentence around a user-given name, "Back to {{name}}": the name is cut as TruncatedName does,
 * the words around it stay whole. `text` is the translation with the name passed in.
 */
export function TextWithName({ text, name }: { text(name: string): string; name: string }) {
  const [before = '', after = ''] = text(NAME_MARK).split(NAME_MARK);
  return (
    <span className={styles.withName}>
      {before && <span className={styles.words}>{before}</span>}
      <TruncatedName name={name} />
      {after && <span className={styles.words}>{after}</span>}
    </span>
  );
}
