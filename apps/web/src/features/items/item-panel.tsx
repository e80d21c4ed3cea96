import type { Item } from '@strata/contracts/items';
import { itemValueData } from '@strata/domain/attributes/item-values';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { Pencil } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useDocumentTitle } from '../../lib/document-title';
import { acceptItemName, itemNameProblem } from '../../lib/items/item-name';
import { Modal } from '../../ui/modal';
import { TruncatedName } from '../../ui/truncated-name';
import { ItemActivity } from '../activity';
import { ItemComments } from '../comments';
import { CellValue, cellTypeOf, type ViewMember } from '../views';
import { isEditableColumn, opensEditor } from '../views/table/table-cell';
import styles from './item-panel.module.css';
import { type ItemPanelTab, ItemPanelTabs } from './item-panel-tabs';

export interface ItemPanelProps {
  item: Item;
  attributes: readonly AttributeDefinition[];
  subitems: readonly Item[];
  nameAttributeId: string | null;
  context: ValueContext;
  members: readonly ViewMember[];
  readOnly: boolean;
  /**
   * A visitor of a public board (docs/public-boards.md): the item's values and subitems only, no
   * comments or activity (those are the workspace's).
   */
  isPublic?: boolean;
  /** A visitor's comments of the item, where the public board lets visitors comment. */
  publicComments?: ReactNode;
  onClose(): void;
  onChangeValue(itemId: string, attributeId: string, data: unknown): void;
  onButton(itemId: string, attributeId: string): void;
  onAddSubitem(name: string): void;
  onOpenItem(itemId: string): void;
  /** Computed values (formulas); the stored data when absent. */
  dataOf?(item: Item, attribute: AttributeDefinition): unknown;
}

/**
 * An item opened from its folder (`/b/{board}/{folder}/{item}`): on the Details tab (query
 * t = attributes) every attribute with its value, edited in place with the same editors as the
 * table, its subitems and its activity; on the Comments tab (t = comments) its comments, and with
 * `comment={id}` that comment highlighted.
 */
export function ItemPanel(props: ItemPanelProps) {
  const { t } = useTranslation();
  const { item, attributes, nameAttributeId, context, members, readOnly } = props;
  const [editing, setEditing] = useState<string | null>(null);
  // The keyboard goes on where it was: a closed editor gives the focus back to its Edit button.
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const closedEditor = useRef<string | null>(null);
  const closeEditor = (attributeId: string) => {
    closedEditor.current = attributeId;
    setEditing(null);
  };
  useEffect(() => {
    if (editing !== null || closedEditor.current === null) return;
    const button = editButtons.current.get(closedEditor.current);
    closedEditor.current = null;
    // A task later: an editor's popover (the date picker's calendar) hands the focus back to what
    // it had before in a task of its own, which would otherwise come after this.
    const timer = setTimeout(() => button?.focus(), 0);
    return () => clearTimeout(timer);
  }, [editing]);
  const [query, setQuery] = useSearchParams();
  const highlightId = query.get('comment');
  const tab: ItemPanelTab = query.get('t') === 'comments' || highlightId ? 'comments' : 'attributes';
  const showTab = (next: ItemPanelTab) =>
    setQuery(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('t', next);
        params.delete('comment');
        return params;
      },
      { replace: true },
    );
  const [subitemName, setSubitemName] = useState('');
  const title = (candidate: Item) => {
    const name = nameAttributeId ? candidate.values[nameAttributeId]?.data : undefined;
    return typeof name === 'string' && name !== '' ? name : t('items.untitled');
  };
  useDocumentTitle('item', title(item));
  const addSubitem = (event: FormEvent) => {
    event.preventDefault();
    if (subitemName.trim() === '' || !acceptItemName(t, subitemName)) return;
    props.onAddSubitem(subitemName.trim());
    setSubitemName('');
  };

  return (
    <Modal open onOpenChange={(open) => !open && props.onClose()} title={title(item)}>
      {!props.isPublic && <ItemPanelTabs itemId={item.id} tab={tab} onChange={showTab} />}
      {tab === 'comments' && !props.isPublic ? (
        <div
          role="tabpanel"
          id={`item-panel-comments-${item.id}`}
          aria-labelledby={`item-tab-comments-${item.id}`}
        >
          <ItemComments item={item} members={members} context={context} highlightId={highlightId} />
        </div>
      ) : (
        <div
          {...(props.isPublic
            ? {}
            : {
                role: 'tabpanel',
                id: `item-panel-attributes-${item.id}`,
                'aria-labelledby': `item-tab-attributes-${item.id}`,
              })}
          className={styles.tabPanel}
        >
          <dl className={styles.values}>
            {attributes.map((attribute) => {
              const type = cellTypeOf(attribute.type);
              const data = props.dataOf ? props.dataOf(item, attribute) : itemValueData(item, attribute);
              const editable = isEditableColumn(attribute, readOnly);
              const direct = editable && (attribute.type === 'checkbox' || attribute.type === 'rating');
              const isEditing = editing === attribute.id && type.Edit !== undefined;
              return (
                <div key={attribute.id} className={styles.entry}>
                  <dt className={styles.name}>{attribute.name}</dt>
                  <dd className={styles.value}>
                    {isEditing && type.Edit ? (
                      <type.Edit
                        attribute={attribute}
                        data={data}
                        context={context}
                        members={members}
                        itemId={item.id}
                        onCommit={(next, options) => {
                          props.onChangeValue(item.id, attribute.id, next);
                          if (!options?.keepOpen) closeEditor(attribute.id);
                        }}
                        onCancel={() => closeEditor(attribute.id)}
                      />
                    ) : (
                      <>
                        <span className={styles.shown}>
                          <CellValue
                            attribute={attribute}
                            data={data}
                            context={context}
                            members={members}
                            variant="panel"
                            onChange={
                              direct ? (next) => props.onChangeValue(item.id, attribute.id, next) : undefined
                            }
                            onButton={
                              attribute.type === 'button' && !readOnly
                                ? () => props.onButton(item.id, attribute.id)
                                : undefined
                            }
                          />
                        </span>
                        {opensEditor(attribute, readOnly) && !direct && type.Edit && (
                          <button
                            type="button"
                            className={styles.edit}
                            aria-label={t('items.editValue', { name: attribute.name })}
                            ref={(node) => {
                              if (node) editButtons.current.set(attribute.id, node);
                              else editButtons.current.delete(attribute.id);
                            }}
                            onClick={() => setEditing(attribute.id)}
                          >
                            <Pencil size={14} aria-hidden="true" />
                          </button>
                        )}
                      </>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
          <section className={styles.subitems} aria-labelledby="subitems-title">
            <h3 id="subitems-title" className={styles.subitemsTitle}>
              {t('items.subitems')}
            </h3>
            {props.subitems.length > 0 && (
              <ul className={styles.subitemList}>
                {props.subitems.map((subitem) => (
                  <li key={subitem.id}>
                    <button
                      type="button"
                      className={styles.subitemLink}
                      onClick={() => props.onOpenItem(subitem.id)}
                    >
                      <TruncatedName name={title(subitem)} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {!readOnly && item.parent_id === null && (
              <form onSubmit={addSubitem} className={styles.addSubitem}>
                <input
                  className={styles.input}
                  value={subitemName}
                  aria-invalid={itemNameProblem(t, subitemName) !== null || undefined}
                  onChange={(event) => setSubitemName(event.target.value)}
                  aria-label={t('items.newSubitem')}
                  placeholder={t('items.newSubitem')}
                  maxLength={1000}
                />
              </form>
            )}
          </section>
          {props.isPublic ? props.publicComments : <ItemActivity item={item} context={context} />}
        </div>
      )}
    </Modal>
  );
}
