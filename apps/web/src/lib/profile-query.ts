/** The query key of the signed-in person's profile (session.tsx reads it; the offline queue names its owner by it). */
export const PROFILE_QUERY = ['me'] as const;
