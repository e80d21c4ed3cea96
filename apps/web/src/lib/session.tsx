import type { LoginResponse } from '@strata/contracts/auth';
import type { Profile } from '@strata/contracts/me';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api } from './api';
import { clearUserStorage } from './device-storage';
import { onSessionExpired, tokenStore } from './http';
import { PROFILE_QUERY } from './profile-query';
import { disconnectRealtime } from './realtime';
import { clearUserCaches } from './service-worker-caches';
import { readStoredJson, writeStoredJson } from './stored-json';

/** What this device keeps of a signed-in user goes when the session ends, however it ends. */
function forgetUserData(): void {
  void clearUserCaches();
  // Loaded on demand: the record stores are not part of the first screen.
  void import('./records/stores').then((stores) => stores.forgetRecordStores());
  void import('./kept-documents').then((documents) => documents.forgetKeptDocuments());
}

interface SessionValue {
  /** True while a stored token exists (the profile may still be loading). */
  isSignedIn: boolean;
  profile: Profile | undefined;
  isLoading: boolean;
  signIn(email: string, password: string): Promise<string | null>;
  /** Starts the session from a token the server issued another way (registering from an invitation). */
  adoptToken(token: LoginResponse['token']): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/**
 * The signed-in person's profile as last read, kept on the device: a reload draws the screens
 * from it (and from the records kept in IndexedDB, whose names carry the user id) while
 * `/api/me` confirms the session, instead of waiting for it. Dropped whenever the session ends or
 * another one starts, so it never stands in for someone else.
 */
const KEPT_PROFILE = 'strata.profile';

const keptProfile = () => readStoredJson(KEPT_PROFILE) as Profile | undefined;

function forgetKeptProfile(): void {
  window.localStorage.removeItem(KEPT_PROFILE);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => tokenStore.get() !== null);

  const profile = useQuery({
    queryKey: PROFILE_QUERY,
    queryFn: () => api.get<Profile>('/api/me'),
    enabled: hasToken,
    retry: false,
    placeholderData: hasToken ? keptProfile : undefined,
  });

  const confirmed = profile.isPlaceholderData ? undefined : profile.data;
  useEffect(() => {
    if (confirmed) writeStoredJson(KEPT_PROFILE, confirmed);
  }, [confirmed]);

  useEffect(
    () =>
      onSessionExpired(() => {
        disconnectRealtime();
        forgetKeptProfile();
        setHasToken(false);
        queryClient.clear();
        forgetUserData();
      }),
    [queryClient],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      const result = await api.post<LoginResponse>(
        '/api/auth/login',
        { email, password, grantType: 'cookie' },
        { auth: false },
      );
      forgetKeptProfile();
      tokenStore.set(result.token);
      queryClient.removeQueries({ queryKey: PROFILE_QUERY });
      setHasToken(true);
      return result.intended;
    },
    [queryClient],
  );

  const adoptToken = useCallback(
    (token: LoginResponse['token']) => {
      forgetKeptProfile();
      tokenStore.set(token);
      queryClient.removeQueries({ queryKey: PROFILE_QUERY });
      setHasToken(true);
    },
    [queryClient],
  );

  /**
   * Signs out; a failed call still clears everything local (spec section 8) but the device's own
   * language, theme and layout, which the sign-in page goes on showing.
   */
  const signOut = useCallback(async () => {
    try {
      await api.post('/api/auth/logout', {});
    } catch {
      // the session is dropped locally regardless
    } finally {
      disconnectRealtime();
      forgetKeptProfile();
      tokenStore.clear();
      clearUserStorage(window.localStorage);
      queryClient.clear();
      forgetUserData();
      setHasToken(false);
    }
  }, [queryClient]);

  const value = useMemo<SessionValue>(
    () => ({
      isSignedIn: hasToken,
      profile: profile.data,
      isLoading: hasToken && profile.isPending,
      signIn,
      adoptToken,
      signOut,
    }),
    [hasToken, profile.data, profile.isPending, signIn, adoptToken, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
