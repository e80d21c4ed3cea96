import type { Item } from '@strata/contracts/items';
import { type AttributeDefinition, valueToPlainText } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import styles from './documents.module.css';

/**
 * The page's item's other values above its body (its name is the title): each attribute with a
 * value, as text. They are edited where the item's values are (its panel, the table).
 */
export function PageAttributes({
  item,
  attributes,
  nameAttributeId,
  context,
  dataOf,
}: {
  item: Item;
  attributes: readonly AttributeDefinition[];
  nameAttributeId: string | null;
  context: ValueContext;
  dataOf(item: Item, attribute: AttributeDefinition): unknown;
}) {
  const shown = attributes
    .filter((attribute) => attribute.id !== nameAttributeId)
    .map((attribute) => ({ attribute, text: valueToPlainText(attribute, dataOf(item, attribute), context) }))
    .filter(({ text }) => text.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <dl className={styles.attributes}>
      {shown.map(({ attribute, text }) => (
        <div key={attribute.id} className={styles.attribute}>
          <dt dir="auto">{attribute.name}</dt>
          <dd dir="auto">{text}</dd>
        </div>
      ))}
    </dl>
  );
}
