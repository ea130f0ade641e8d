import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { portalAccessResponse, portalInvitationCreatedResponse } from '@shared/portal/responses'
import type { PortalInvitationInput } from '@shared/portal/schema'
import { apiFetch } from '@web/lib/api-client'
import { clientKeys } from './api'

// 'Portal Access' (docs/product.md#renters): the renters who speak for a client. Apart from api.ts,
// whose client list the booking dialogs load, so that they do not carry these too.

export type PortalAccess = z.infer<typeof portalAccessResponse>
export type PortalRenter = PortalAccess['renters'][number]
export type PortalInvitation = PortalAccess['invitations'][number]
export type PortalInvitationCreated = z.infer<typeof portalInvitationCreatedResponse>

const portalAccessKey = (clientId: string) => [...clientKeys.detail(clientId), 'portal-access'] as const
const portalPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`

/** Only for who may manage the venue: the request is not even made otherwise. */
export const usePortalAccess = (clientId: string, enabled: boolean) =>
  useQuery({
    queryKey: portalAccessKey(clientId),
    queryFn: () => apiFetch<PortalAccess>(`${portalPath(clientId)}/portal-access`),
    enabled,
  })

function usePortalAccessMutation<Variables, Result>(clientId: string, mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalAccessKey(clientId) }),
  })
}

export const useInvitePortalContact = (clientId: string) =>
  usePortalAccessMutation(clientId, (input: PortalInvitationInput) =>
    apiFetch<PortalInvitationCreated>(`${portalPath(clientId)}/portal-invitations`, { method: 'POST', body: input }),
  )

export const useWithdrawPortalInvitation = (clientId: string) =>
  usePortalAccessMutation(clientId, (invitationId: string) =>
    apiFetch<void>(`${portalPath(clientId)}/portal-invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' }),
  )

export const useRemoveRenter = (clientId: string) =>
  usePortalAccessMutation(clientId, (userId: string) =>
    apiFetch<void>(`${portalPath(clientId)}/renters/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  )
