import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { portalInvitationAcceptedResponse, portalInvitationPreviewResponse } from '@shared/portal/responses'
import { apiFetch } from '@web/lib/api-client'

// The venue's invitation link, which /auth takes (docs/product.md#renters): apart from the
// portal's other reads so that the sign-in page loads only these.

export type PortalInvitationPreview = z.infer<typeof portalInvitationPreviewResponse>

const invitationPath = (token: string) => `/api/portal-invitations/${encodeURIComponent(token)}`

/** The public preview behind an invitation link: who invites, for which client, to which email. */
export const usePortalInvitation = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: ['portal-invitation', token],
    queryFn: ({ signal }) => apiFetch<PortalInvitationPreview>(invitationPath(token), { signal }),
    enabled,
    // Used once: what the page showed must not be refetched into a 410 behind its back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })

export function acceptPortalInvitation(token: string) {
  return apiFetch<z.infer<typeof portalInvitationAcceptedResponse>>(`${invitationPath(token)}/accept`, { method: 'POST' })
}
