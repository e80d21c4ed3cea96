import type { Item } from '@strata/contracts/items';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { AttachmentEntry } from '@strata/domain/attributes/types/list-handlers';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { History } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';
import { embedSnippet, PublicLink } from '../../../ui/public-link';
import type { ViewMember } from '../view-types';
import { personColor } from './document-carets';
import { DocumentEditor } from './document-editor';
import { DocumentPages, pageTree } from './document-pages';
import styles from './documents.module.css';
import { type PageLinks, PageLinksContext } from './item-link-view';
import { PageAttributes } from './page-attributes';
import { PageHistory } from './page-history';

export interface DocumentsViewProps {
  teamId: number;
  items: readonly Item[];
  /** The item's title as the folder shows it. */
  titleOf(item: Item): string;
  /** The folder lets this person change nothing. */
  readOnly: boolean;
  /** Renames a page (its item's name); absent without a name attribute. */
  onRename?: (itemId: string, title: string) => void;
  /** Adds a page and answers its item's id; absent when this person may not add items. */
  onAddPage?: () => Promise<string | undefined>;
  user: { id: number; name: string };
  /** Who can be mentioned in a page: the board's members. */
  members: readonly ViewMember[];
  /** The item's other values shown above its body. */
  attributes: readonly AttributeDefinition[];
  nameAttributeId: string | null;
  context: ValueContext;
  dataOf(item: Item, attribute: AttributeDefinition): unknown;
  /** The site's address and switch, for who may change the view (docs/documents.md, publishing). */
  publishing?: {
    url: string;
    /** The site's name: the embed code's title. */
    name: string;
    published: boolean;
    onChange(published: boolean): void;
    /** Pages shared alone (`/p/i...`), each page's address, and its switch. */
    sharedPages: readonly string[];
    pageUrl(itemId: string, title: string): string;
    onSharePage(itemId: string, shared: boolean): void;
  };
}

/** The files an item holds in its attachments values, each once. */
function filesOf(
  item: Item,
  attributes: readonly AttributeDefinition[],
  dataOf: DocumentsViewProps['dataOf'],
): AttachmentEntry[] {
  const files = new Map<string, AttachmentEntry>();
  for (const attribute of attributes) {
    if (attribute.type !== 'attachments') continue;
    const data = dataOf(item, attribute);
    if (!Array.isArray(data)) continue;
    for (const entry of data as AttachmentEntry[])
      if (typeof entry?.id === 'string') files.set(entry.id, entry);
  }
  return [...files.values()];
}

/** The page asked for in the URL (`?page=`), and a way to open another. */
function usePageParam() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('page');
  const select = useCallback(
    (id: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('page', id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  /** The address of another page, the view's other parameters kept. */
  const hrefOf = useCallback(
    (id: string) => {
      const next = new URLSearchParams(params);
      next.set('page', id);
      return `?${next.toString()}`;
    },
    [params],
  );
  return { asked, select, hrefOf };
}

/**
 * The documents view (docs/documents.md): the folder's items as pages in a tree, subitems as
 * subpages, and the open page's title and document, co-edited live.
 */
export function DocumentsView({
  teamId,
  items,
  titleOf,
  readOnly,
  onRename,
  onAddPage,
  user,
  members,
  publishing,
  ...values
}: DocumentsViewProps) {
  const { t } = useTranslation();
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const pages = useMemo(() => pageTree(items, titleOf), [items, titleOf]);
  const { asked, select, hrefOf } = usePageParam();
  const open = items.find((item) => item.id === asked) ?? items.find((item) => !item.parent_id) ?? null;
  const caretUser = useMemo(() => ({ name: user.name, color: personColor(user.id) }), [user.id, user.name]);
  const links = useMemo<PageLinks>(() => {
    const ids = new Set(items.map((item) => item.id));
    const byId = new Map(items.map((item) => [item.id, item]));
    return {
      teamId,
      pageTitle: (id) => (ids.has(id) ? titleOf(byId.get(id)!) : undefined),
      pageHref: hrefOf,
      openPage: select,
      memberName: (userId) => members.find((member) => member.id === userId)?.name,
    };
  }, [items, titleOf, teamId, hrefOf, select, members]);
  const add = onAddPage
    ? async () => {
        const id = await onAddPage();
        if (id) select(id);
      }
    : undefined;

  return (
    <div className={styles.view}>
      <div className={styles.side}>
        <DocumentPages pages={pages} selectedId={open?.id ?? null} onSelect={select} onAdd={add} />
        {publishing && (
          <PublicLink
            url={publishing.url}
            on={publishing.published}
            readOnly={false}
            embed={{ label: t('views.sharing.embed'), code: embedSnippet(publishing.url, publishing.name) }}
            texts={{
              label: t('views.documents.publish'),
              hint: t('views.documents.publishHint'),
              link: t('views.documents.link'),
            }}
            onChange={publishing.onChange}
          />
        )}
      </div>
      {open ? (
        // One page, one title field and one connection: another page mounts them anew.
        <article key={open.id} className={styles.article} aria-labelledby={`page-title-${open.id}`}>
          <PageTitle
            id={`page-title-${open.id}`}
            title={titleOf(open)}
            onRename={readOnly || !onRename ? undefined : (title) => onRename(open.id, title)}
          />
          <div className={styles.pageActions}>
            <Button variant="secondary" onClick={() => setHistoryOpen(true)}>
              <History size={16} aria-hidden="true" />
              {t('views.documents.history.title')}
            </Button>
          </div>
          {isHistoryOpen && (
            <PageHistory
              teamId={teamId}
              itemId={open.id}
              canRestore={!readOnly}
              onClose={() => setHistoryOpen(false)}
            />
          )}
          {publishing && (
            <PublicLink
              url={publishing.pageUrl(open.id, titleOf(open))}
              on={publishing.sharedPages.includes(open.id)}
              readOnly={false}
              texts={{
                label: t('views.documents.sharePage'),
                hint: t('views.documents.sharePageHint'),
                link: t('views.documents.pageLink'),
              }}
              onChange={(shared) => publishing.onSharePage(open.id, shared)}
            />
          )}
          <PageAttributes item={open} {...values} />
          <PageLinksContext.Provider value={links}>
            <DocumentEditor
              teamId={teamId}
              itemId={open.id}
              label={titleOf(open) || t('views.documents.untitled')}
              readOnly={readOnly}
              files={filesOf(open, values.attributes, values.dataOf)}
              members={members}
              userId={user.id}
              user={caretUser}
            />
          </PageLinksContext.Provider>
        </article>
      ) : (
        <p className={styles.empty}>{t('views.documents.noPages')}</p>
      )}
    </div>
  );
}

/** The page's title: a heading, or a field that renames the item when it loses focus or on Enter. */
function PageTitle({
  id,
  title,
  onRename,
}: {
  id: string;
  title: string;
  onRename?: (title: string) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(title);
  // Renamed elsewhere (another person, another tab): the field follows while it is not being edited.
  useEffect(() => setDraft(title), [title]);
  if (!onRename)
    return (
      <h2 id={id} className={styles.title} dir="auto">
        {title || t('views.documents.untitled')}
      </h2>
    );
  const commit = () => {
    const next = draft.trim();
    if (next !== title.trim()) onRename(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  return (
    <form onSubmit={submit} className={styles.titleForm}>
      <h2 id={id} className={styles.titleHeading}>
        <input
          className={styles.titleInput}
          value={draft}
          dir="auto"
          placeholder={t('views.documents.untitled')}
          aria-label={t('views.documents.title')}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
        />
      </h2>
    </form>
  );
}
