import type { Folder } from '@strata/contracts/boards';
import type { Item } from '@strata/contracts/items';
import type { TeamMember } from '@strata/contracts/teams';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/session';
import { useTeamMembers } from '../workspaces';

/**
 * What a folder's values are shown with: the reader's language, time zone and week, the
 * workspace's members by name, the folder's items by title (references within it) and its name.
 */
export function useFolderValueContext(
  teamId: number,
  folder: Folder,
  items: readonly Item[] | undefined,
  nameAttributeId: string | null | undefined,
): { context: ValueContext; members: readonly TeamMember[] | undefined } {
  const { i18n } = useTranslation();
  const { profile } = useSession();
  const members = useTeamMembers(teamId);
  const titles = useMemo(() => {
    const map = new Map<string, string>();
    if (!nameAttributeId) return map;
    for (const item of items ?? []) {
      const name = item.values[nameAttributeId]?.data;
      if (typeof name === 'string') map.set(item.id, name);
    }
    return map;
  }, [items, nameAttributeId]);
  const memberList = members.data;
  // Sorting or filtering 10,000 items by a members column asks for names again and again.
  const memberNames = useMemo(
    () => new Map((memberList ?? []).map((member) => [member.id, member.name])),
    [memberList],
  );
  const context = useMemo<ValueContext>(
    () => ({
      locale: i18n.language,
      timeZone: profile?.timezone ?? undefined,
      weekStartsOn: profile?.start_of_week ?? null,
      currentUserId: profile?.id ?? null,
      memberName: (id) => memberNames.get(id),
      itemTitle: (id) => titles.get(id),
      folderName: (id) => (id === folder.id ? folder.name : undefined),
    }),
    [i18n.language, profile, memberNames, titles, folder.id, folder.name],
  );
  return { context, members: memberList };
}
