import type { Profile } from '@strata/contracts/me';
import type { UserRow } from '../../db/schema/users';

/** Initials and a stable hue: what the generated default avatar shows. */
export function defaultAvatarUrl(user: Pick<UserRow, 'id' | 'name'>): string {
  const initials =
    user.name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => Array.from(part)[0]?.toUpperCase() ?? '')
      .join('') || '?';
  const hue = (user.id * 137) % 360;
  return `/api/avatars/${encodeURIComponent(initials)}.svg?hue=${hue}`;
}

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    photo_url: user.photoPath ? `/api/files/${user.photoPath}` : defaultAvatarUrl(user),
    guest: user.guest,
    preferences: user.preferences ?? {},
    locale: user.locale,
    start_of_week: user.startOfWeek,
    timezone: user.timezone,
    survey: user.survey ?? null,
    pending_email: user.pendingEmail,
  };
}
