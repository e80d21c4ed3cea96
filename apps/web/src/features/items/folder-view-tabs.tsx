import type { FolderView } from '@strata/contracts/views';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { mayAddView, mayCustomize, mayDelete, updateView } from '../../lib/views/view-writes';
import { useConfirm } from '../../ui/confirm';
import type { ViewMember } from '../views/view-types';
import type { useActiveView } from './use-active-view';
import { ViewFollowersDialog, ViewFollowMenuItems } from './view-follow-menu';
import { ViewTabs } from './view-tabs';

/**
 * The folder's tabs wired to its views store: what the user may do with each, saved for all; and
 * following a stored view the user may follow (a shared one, or their own personal one).
 */
export function FolderViewTabs({
  state,
  people,
  canSubscribe,
}: {
  state: ReturnType<typeof useActiveView>;
  /** The board's people, who may be subscribed to a view. */
  people: readonly ViewMember[];
  /** Whether the user may subscribe people (they may comment on the board). */
  canSubscribe: boolean;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [followersOf, setFollowersOf] = useState<FolderView | null>(null);
  const { views, list, active, isStored, who, select, add, report } = state;
  const store = views.store;
  const stored = (view: FolderView) => isStored || view !== active;
  const save = (view: FolderView, changes: Parameters<typeof updateView>[2]) => {
    if (store) updateView(store, view, changes).catch(report);
  };
  const followable = (view: FolderView) =>
    stored(view) && (view.visibility === 'shared' || view.created_by === who.userId);
  return (
    <>
      <ViewTabs
        views={list}
        activeId={active.id}
        onSelect={select}
        onAdd={views.data && store && mayAddView(views.data, who) ? (type) => void add(type) : undefined}
        actionsFor={(view) => {
          const customise = stored(view) && mayCustomize(view, who);
          return {
            rename: customise,
            remove: stored(view) && mayDelete(view, who),
            visibility:
              stored(view) &&
              view.created_by === who.userId &&
              (view.visibility === 'personal' ? who.can('CREATE_TABS') : who.can('CREATE_PERSONAL_VIEWS')),
            lock: stored(view) && view.visibility === 'shared' && who.can('EDIT_LOCKED_VIEWS'),
          };
        }}
        onRename={(view, name) => save(view, { name })}
        onSetVisibility={(view, visibility) => save(view, { visibility })}
        onSetLocked={(view, locked) => save(view, { locked })}
        menuExtras={(view) =>
          followable(view) ? (
            <ViewFollowMenuItems view={view} onShowFollowers={() => setFollowersOf(view)} />
          ) : null
        }
        onDelete={async (view) => {
          if (!store) return;
          const isConfirmed = await confirm({
            title: t('views.tabs.deleteTitle'),
            body: t('views.tabs.deleteBody'),
            action: t('views.tabs.delete'),
          });
          if (!isConfirmed) return;
          const local = store.find(view.id);
          if (local) store.delete(local).catch(report);
        }}
      />
      <ViewFollowersDialog
        view={followersOf}
        people={people}
        canSubscribe={canSubscribe}
        onClose={() => setFollowersOf(null)}
      />
    </>
  );
}
