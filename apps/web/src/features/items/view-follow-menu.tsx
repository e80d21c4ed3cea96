import * as Menu from '@radix-ui/react-dropdown-menu';
import type { FolderView } from '@strata/contracts/views';
import { Bell, BellOff, Users } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import menuStyles from '../../ui/menu.module.css';
import { Modal } from '../../ui/modal';
import type { FollowSubject } from '../comments/follow-keys';
import { FollowersBody } from '../comments/followers-body';
import { useFollowers, useFollowing } from '../comments/use-following';
import type { ViewMember } from '../views/view-types';

export const viewSubject = (view: FolderView): FollowSubject => ({
  teamId: view.team_id,
  kind: 'views',
  id: view.id,
});

/**
 * The view menu's follow entries: follow the view or stop (asked when the menu opens: it is
 * mounted only then), and its followers dialog.
 */
export function ViewFollowMenuItems({
  view,
  onShowFollowers,
}: {
  view: FolderView;
  onShowFollowers(): void;
}) {
  const { t } = useTranslation();
  const { following, toggle } = useFollowing(viewSubject(view));
  return (
    <>
      <Menu.Item
        className={menuStyles.menuItem}
        disabled={following === undefined}
        onSelect={() => following !== undefined && toggle(!following)}
      >
        {following ? <BellOff size={16} aria-hidden="true" /> : <Bell size={16} aria-hidden="true" />}
        {following ? t('views.tabs.unfollow') : t('views.tabs.follow')}
      </Menu.Item>
      <Menu.Item className={menuStyles.menuItem} onSelect={onShowFollowers}>
        <Users size={16} aria-hidden="true" /> {t('views.tabs.followers')}
      </Menu.Item>
    </>
  );
}

/** Who follows a view (they hear of the comments on what it shows), and subscribing people. */
export function ViewFollowersDialog(props: {
  view: FolderView | null;
  people: readonly ViewMember[];
  canSubscribe: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.view !== null}
      onOpenChange={(open) => !open && props.onClose()}
      title={t('views.tabs.followersTitle', { name: props.view?.name ?? '' })}
      description={t('views.tabs.followersNote')}
    >
      {props.view && <ViewFollowers {...props} view={props.view} />}
    </Modal>
  );
}

function ViewFollowers({
  view,
  people,
  canSubscribe,
}: {
  view: FolderView;
  people: readonly ViewMember[];
  canSubscribe: boolean;
}) {
  const { t } = useTranslation();
  const { ids, subscribe } = useFollowers(viewSubject(view));
  // A personal view is its owner's alone: nobody else may be subscribed to it.
  const candidates =
    view.visibility === 'personal' ? people.filter((person) => person.id === view.created_by) : people;
  return (
    <FollowersBody
      ids={ids}
      people={candidates}
      canSubscribe={canSubscribe}
      onSubscribe={subscribe}
      everyoneFollows={t('views.tabs.everyoneFollows')}
    />
  );
}
