import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { z } from 'zod'
import type {
  invitation,
  invitationCreatedResponse,
  invitationListResponse,
  invitationPreviewResponse,
  invitationSignUpResponse,
  member,
  memberListResponse,
  memberResponse,
  membership,
  organisationListResponse,
  organisationResponse,
} from '@shared/team/responses'
import type { Role } from '@shared/team/roles'
import type { InvitationInput, InvitationSignUpInput, OrganisationInput } from '@shared/team/schema'
import { authKeys, useAuth } from '@web/features/auth'
import { apiFetch } from '@web/lib/api-client'

export type Membership = z.infer<typeof membership>
export type Member = z.infer<typeof member>
export type Invitation = z.infer<typeof invitation>
export type InvitationCreated = z.infer<typeof invitationCreatedResponse>
export type InvitationPreview = z.infer<typeof invitationPreviewResponse>

export const teamKeys = {
  organisations: () => ['organisations'] as const,
  all: ['team'] as const,
  members: () => [...teamKeys.all, 'members'] as const,
  invitations: () => [...teamKeys.all, 'invitations'] as const,
  invitation: (token: string) => ['invitation', token] as const,
}

const invitationPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`

export const organisationsQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.organisations(),
    queryFn: () => apiFetch<z.infer<typeof organisationListResponse>>('/api/organisations'),
  })

export const useOrganisations = (enabled: boolean) => useQuery({ ...organisationsQueryOptions(), enabled })

export const useMembers = () =>
  useQuery({
    queryKey: teamKeys.members(),
    queryFn: () => apiFetch<z.infer<typeof memberListResponse>>('/api/team/members').then((result) => result.members),
  })

export const useInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: teamKeys.invitations(),
    queryFn: () => apiFetch<z.infer<typeof invitationListResponse>>('/api/team/invitations').then((result) => result.invitations),
    enabled,
  })

export const useInvitationPreview = (token: string, enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: teamKeys.invitation(token),
    queryFn: () => apiFetch<InvitationPreview>(invitationPath(token)),
    // An invitation is used once: what the page showed must not be refetched into a 410 behind its back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })

/**
 * What follows a change of the current organisation (a switch, an accepted invitation, leaving):
 * every page shows only the current organisation's data, so nothing cached of the previous one
 * stays. The auth query stays (removing it would detach the auth provider's observer) and is
 * fetched again, with the new organisation and role. The signed-in shell remounts its page when
 * the organisation changes, so the page fetches afresh.
 */
export function useOrganisationChanged() {
  const queryClient = useQueryClient()
  const { refresh } = useAuth()
  return useCallback(async () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] })
    await refresh()
  }, [queryClient, refresh])
}

export const switchOrganisation = (organisationId: string) =>
  apiFetch<z.infer<typeof organisationResponse>>('/api/organisations/switch', { method: 'POST', body: { organisationId } }).then(
    (result) => result.organisation,
  )

export const leaveOrganisation = () => apiFetch<void>('/api/team/leave', { method: 'POST' })

export const acceptInvitation = (token: string) =>
  apiFetch<z.infer<typeof organisationResponse>>(`${invitationPath(token)}/accept`, { method: 'POST' }).then(
    (result) => result.organisation,
  )

export const signUpWithInvitation = (token: string, input: InvitationSignUpInput) =>
  apiFetch<z.infer<typeof invitationSignUpResponse>>(`${invitationPath(token)}/sign-up`, { method: 'POST', body: input }).then(
    (result) => result.user,
  )

export function useRenameOrganisation() {
  const queryClient = useQueryClient()
  const { refresh } = useAuth()
  return useMutation({
    mutationFn: (input: OrganisationInput) =>
      apiFetch<z.infer<typeof organisationResponse>>('/api/organisation', { method: 'PATCH', body: input }).then(
        (result) => result.organisation,
      ),
    // The switcher shows the name from the session's organisation and from the list.
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: teamKeys.organisations() })]),
  })
}

export function useChangeRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      apiFetch<z.infer<typeof memberResponse>>(`/api/team/members/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { role },
      }).then((result) => result.member),
    // A member who loses the role that may invite loses their open invitations with it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  })
}

export function useRemoveMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) => apiFetch<void>(`/api/team/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    // A removed member's open invitations are withdrawn with them (docs/product.md#teams).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  })
}

export function useCreateInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: InvitationInput) => apiFetch<InvitationCreated>('/api/team/invitations', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations() }),
  })
}

export function useWithdrawInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invitationId: string) => apiFetch<void>(`/api/team/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations() }),
  })
}
