import type { ValueContext } from '@strata/domain/attributes/value-context';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/session';
import { useTeamMembers } from '../workspaces';

/** A time zone Intl knows, else UTC (a stored zone this browser does not know must not break the page). */
function knownZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/**
 * How the board's activity screen shows values: the reader's language and time zone, and the
 * workspace's members by name (the same members query as the folder's table).
 */
export function useActivityContext(teamId: number): ValueContext {
  const { i18n } = useTranslation();
  const { profile } = useSession();
  const members = useTeamMembers(teamId);
  const list = members.data;
  return useMemo<ValueContext>(
    () => ({
      locale: i18n.language,
      timeZone: knownZone(profile?.timezone) ?? knownZone(Intl.DateTimeFormat().resolvedOptions().timeZone),
      weekStartsOn: profile?.start_of_week ?? null,
      currentUserId: profile?.id ?? null,
      memberName: (id) => list?.find((member) => member.id === id)?.name,
    }),
    [i18n.language, profile, list],
  );
}
