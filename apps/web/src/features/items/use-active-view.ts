import type { FolderView } from '@strata/contracts/views';
import { readViewSettings, type ViewSettings, type ViewType } from '@strata/domain/views/view-settings';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useFolderViews } from '../../lib/views/use-views';
import { createView, mayCustomize, updateView, type ViewAbilities } from '../../lib/views/view-writes';
import { useWorkspaces } from '../../lib/workspaces';
import { toasts } from '../../ui/toast-store';
import { useBoardView } from '../boards/board-context';

const localKey = (userId: number, viewId: string) => `strata:u${userId}:view:${viewId}`;

function loadLocal(userId: number | undefined, viewId: string): ViewSettings | null {
  if (userId === undefined) return null;
  try {
    const stored = localStorage.getItem(localKey(userId, viewId));
    return stored ? readViewSettings(JSON.parse(stored)) : null;
  } catch {
    return null;
  }
}

function saveLocal(userId: number | undefined, viewId: string, settings: ViewSettings): void {
  if (userId === undefined) return;
  try {
    localStorage.setItem(localKey(userId, viewId), JSON.stringify(settings));
  } catch {
    // Storage full or blocked: the arrangement lasts for this visit only.
  }
}

/**
 * The folder's views and the one open (query `view`, else the first tab). A folder without views
 * shows a table that is not stored yet: the first change of its settings by someone who may add
 * tabs stores it. A change of a view the user may customise is saved to the view for everyone who
 * sees it; otherwise it stays this person's, on this device (docs/views.md).
 */
export function useActiveView(folderId: string) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const { board, teamId, can } = useBoardView();
  const workspace = useWorkspaces().data?.find((team) => team.id === teamId);
  const views = useFolderViews(teamId, board.id, folderId);
  const [params, setParams] = useSearchParams();
  const userId = profile?.id;
  const who = useMemo<ViewAbilities>(
    () => ({ userId: userId ?? -1, isOwner: workspace?.owner_id === userId, can }),
    [userId, workspace?.owner_id, can],
  );

  const fallback = useMemo<FolderView>(
    () => ({
      id: `default-${folderId}`,
      object: 'folderview',
      team_id: teamId,
      board_id: board.id,
      folder_id: folderId,
      parent_id: null,
      type: 'table',
      name: t('views.types.table'),
      settings: {},
      visibility: 'shared',
      locked: false,
      sort_order: null,
      created_by: null,
      created_at: '',
      updated_at: '',
      deleted: false,
      row_version: 0,
    }),
    [folderId, teamId, board.id, t],
  );
  const list = views.data && views.data.length > 0 ? views.data : [fallback];
  const requested = params.get('view');
  const active = list.find((view) => view.id === requested) ?? list[0]!;
  const isStored = active !== fallback;
  const saves = isStored ? mayCustomize(active, who) : can('CREATE_TABS');

  // A local arrangement (what someone who may not change the view did) wins over the stored one.
  const [local, setLocal] = useState<{ id: string; settings: ViewSettings | null }>({
    id: '',
    settings: null,
  });
  const localSettings = local.id === active.id ? local.settings : loadLocal(userId, active.id);
  const settings = useMemo(
    () => (!saves && localSettings ? localSettings : readViewSettings(active.settings)),
    [saves, localSettings, active.settings],
  );

  const report = useCallback(
    (caught: unknown) => toasts.show(errorMessage(caught, t), { tone: 'error' }),
    [t],
  );
  const select = useCallback(
    (view: FolderView) => {
      const next = new URLSearchParams(params);
      next.set('view', view.id);
      setParams(next, { replace: true });
    },
    [params, setParams],
  );
  const add = useCallback(
    async (type: ViewType, initial?: ViewSettings) => {
      if (!views.store) return;
      const store = views.store;
      const create = (kind: ViewType, settings?: ViewSettings) =>
        createView(store, {
          teamId,
          boardId: board.id,
          folderId,
          type: kind,
          name: t(`views.types.${kind}`),
          who,
          settings,
        });
      try {
        // A view added to a folder without views comes after the table shown until then, which
        // is stored first so that its tab stays (a settings change stores it itself: `initial`).
        if (!isStored && initial === undefined) await create('table');
        const created = await create(type, initial);
        select(created);
      } catch (caught) {
        report(caught);
      }
    },
    [views.store, isStored, teamId, board.id, folderId, t, who, select, report],
  );
  const setSettings = useCallback(
    (next: ViewSettings) => {
      if (!saves || !views.store) {
        setLocal({ id: active.id, settings: next });
        saveLocal(userId, active.id, next);
        return;
      }
      if (!isStored) {
        void add('table', next);
        return;
      }
      updateView(views.store, active, { settings: next }).catch(report);
    },
    [saves, views.store, active, isStored, userId, add, report],
  );

  return { views, list, active, isStored, settings, setSettings, select, add, who, report };
}
