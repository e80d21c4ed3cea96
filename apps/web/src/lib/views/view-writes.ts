import type { FolderView, ViewVisibility } from '@strata/contracts/views';
import { keyBetween } from '@strata/domain/views/ordering';
import { mayChangeView } from '@strata/domain/views/view-permissions';
import { MAX_VIEWS_PER_FOLDER, type ViewSettings, type ViewType } from '@strata/domain/views/view-settings';
import type { RecordStore } from '@strata/sync/records/record-types';

/** What the signed-in user may do with a folder's views (the server checks the same rules). */
export interface ViewAbilities {
  userId: number;
  isOwner: boolean;
  can(
    action: 'CREATE_TABS' | 'CUSTOMIZE_TABS' | 'DELETE_TABS' | 'CREATE_PERSONAL_VIEWS' | 'EDIT_LOCKED_VIEWS',
  ): boolean;
}

const ownership = (view: FolderView) => ({
  visibility: view.visibility,
  createdBy: view.created_by,
  locked: view.locked,
});

/** Whether a change of this view is saved for everyone who sees it (else it stays on this device). */
export function mayCustomize(view: FolderView, who: ViewAbilities): boolean {
  return mayChangeView({ view: ownership(view), userId: who.userId, action: 'CUSTOMIZE_TABS', can: who.can });
}

export function mayDelete(view: FolderView, who: ViewAbilities): boolean {
  return mayChangeView({ view: ownership(view), userId: who.userId, action: 'DELETE_TABS', can: who.can });
}

/** Whether a new view can be added: a free place in the tab set and a right to make one. */
export function mayAddView(views: readonly FolderView[], who: ViewAbilities): boolean {
  const tabSet = views.filter((view) => view.visibility === 'shared' || view.created_by === who.userId);
  return tabSet.length < MAX_VIEWS_PER_FOLDER && (who.can('CREATE_TABS') || who.can('CREATE_PERSONAL_VIEWS'));
}

/** Adds a view at the end of the tabs: shared when the user may, else personal. */
export function createView(
  store: RecordStore<FolderView>,
  fields: {
    teamId: number;
    boardId: string;
    folderId: string;
    type: ViewType;
    name: string;
    who: ViewAbilities;
    settings?: ViewSettings;
  },
): Promise<FolderView> {
  const views = store.getSnapshot();
  const last = views.reduce<string | null>(
    (max, view) =>
      view.sort_order !== null && (max === null || view.sort_order > max) ? view.sort_order : max,
    null,
  );
  const visibility: ViewVisibility = fields.who.can('CREATE_TABS') ? 'shared' : 'personal';
  const view = store.create({
    id: crypto.randomUUID(),
    object: 'folderview',
    team_id: fields.teamId,
    board_id: fields.boardId,
    folder_id: fields.folderId,
    parent_id: null,
    type: fields.type,
    name: fields.name,
    settings: fields.settings ?? {},
    visibility,
    locked: false,
    sort_order: keyBetween(last, null),
    created_by: fields.who.userId,
    updated_at: new Date().toISOString(),
    deleted: false,
  });
  return store.save(view);
}

/** Saves a change of one view's fields (settings, name, visibility, lock). */
export function updateView(
  store: RecordStore<FolderView>,
  view: FolderView,
  changes: Partial<Pick<FolderView, 'name' | 'visibility' | 'locked'>> & { settings?: ViewSettings },
): Promise<FolderView> {
  const local = store.find(view.id) ?? view;
  return store.save({ ...local, ...changes });
}
