import type { SentencePart } from './recipe-sentence';
import styles from './sentence.module.css';

/**
 * A recipe's sentence with its blanks set apart: a filled blank shows its name, an empty one its
 * placeholder, marked (dashed, and "to fill in" for screen readers).
 */
export function RecipeSentenceView({
  parts,
  emptyLabel,
  className,
  as: Element = 'p',
}: {
  parts: readonly SentencePart[];
  /** A span inside a button (a gallery card), else a paragraph. */
  as?: 'p' | 'span';
  /** Read after an empty blank's placeholder. */
  emptyLabel: string;
  className?: string;
}) {
  return (
    <Element className={`${styles.sentence} ${className ?? ''}`} dir="auto">
      {parts.map((part, index) =>
        part.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never reorder
          <span key={index}>{part.text}</span>
        ) : (
          <bdi
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never reorder
            key={index}
            className={part.isFilled ? styles.filled : styles.empty}
            data-path={part.path}
          >
            {part.text}
            {!part.isFilled && <span className="visually-hidden"> ({emptyLabel})</span>}
          </bdi>
        ),
      )}
    </Element>
  );
}
