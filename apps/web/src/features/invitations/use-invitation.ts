import type { InvitationLookup } from '@strata/contracts/invitations';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { refreshWorkspaces } from '../../lib/workspaces';

export interface InvitationLink {
  token: string;
  email: string;
}

/** The invitation of a /register/invitation link, and a way to accept it and open the workspace. */
export function useInvitation(link: InvitationLink | null) {
  const navigate = useNavigate();
  const lookup = useQuery({
    queryKey: ['invitation', link?.token, link?.email],
    queryFn: () => api.post<InvitationLookup>('/api/invitations/lookup', link, { auth: false }),
    enabled: link !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  /** Opens the workspace the invitee just joined, with their new list of workspaces. */
  const land = useCallback(
    async (teamId: number) => {
      await refreshWorkspaces();
      void navigate(`/team/${teamId}`, { replace: true });
    },
    [navigate],
  );

  const accept = useCallback(async () => {
    const { team_id } = await api.post<{ team_id: number }>('/api/invitations/accept', link);
    await land(team_id);
  }, [land, link]);

  return { lookup, accept, land };
}
