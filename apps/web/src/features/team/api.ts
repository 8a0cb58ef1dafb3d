import type { AcceptTeamInviteRequest, TeamOrderingKey } from '@esign/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export interface TeamSorting {
  key: TeamOrderingKey;
  direction: 'ASC' | 'DESC';
}

export function useTeamMembers(sorting: TeamSorting) {
  const query = { orderingKey: sorting.key, orderingDirection: sorting.direction };
  return useQuery({
    queryKey: queryKeys.team.members(query),
    queryFn: ({ signal }) => apiCall('teamMembers', { query, signal }),
  });
}

/** The team's people and the price of one more (the Add Team Member modal's note). */
export function useTeamSeats(isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.team.seats(),
    queryFn: ({ signal }) => apiCall('teamSeats', { signal }),
    enabled: isEnabled,
  });
}

/** The team's changes: each refreshes the member table and the user (a first invitation makes the team). */
export function useTeamActions() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.team.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() }),
    ]);
  return {
    invite: useMutation({
      mutationFn: (emails: string[]) => apiCall('addTeamMembers', { body: { emails } }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (ids: string[]) => apiCall('deleteTeamMembers', { body: { ids } }), onSuccess }),
    upgrade: useMutation({
      mutationFn: (userId: string) => apiCall('upgradeTeamMember', { params: { userId } }),
      onSuccess,
    }),
    downgrade: useMutation({
      mutationFn: (userId: string) => apiCall('downgradeTeamMember', { params: { userId } }),
      onSuccess,
    }),
  };
}

export function useAcceptInvite() {
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (input: { teamId: string } & AcceptTeamInviteRequest) => {
      const { teamId, ...body } = input;
      return apiCall('acceptTeamInvite', { params: { teamId }, body });
    },
  });
}
