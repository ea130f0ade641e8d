import { z } from 'zod'
import { instant } from '@shared/response-fields'
import { ROLES } from './roles'

const role = z.enum(ROLES)

/** An organisation as its member sees it, with their own role in it. */
export const membership = z.object({ id: z.uuid(), name: z.string(), role })

/** GET /api/organisations: the ones the caller belongs to, and the current one. */
export const organisationListResponse = z.object({ organisations: z.array(membership), currentId: z.uuid() })

/** PATCH /api/organisation, POST /api/organisations/switch, POST /api/invitations/:token/accept */
export const organisationResponse = z.object({ organisation: membership })

export const member = z.object({ userId: z.string(), name: z.string(), email: z.email(), role, joinedAt: instant })

/** GET /api/team/members, oldest member first. */
export const memberListResponse = z.object({ members: z.array(member) })

/** PATCH /api/team/members/:userId */
export const memberResponse = z.object({ member })

export const invitation = z.object({ id: z.uuid(), email: z.email(), role, expiresAt: instant, createdAt: instant })

/** GET /api/team/invitations: open invitations, newest first. */
export const invitationListResponse = z.object({ invitations: z.array(invitation) })

/** POST /api/team/invitations: the one-time link is shown once and stored only as a hash. */
export const invitationCreatedResponse = z.object({ invitation, link: z.url() })

/** GET /api/invitations/:token: what the invitation page shows before accepting. */
export const invitationPreviewResponse = z.object({
  organisationName: z.string(),
  email: z.email(),
  role,
  /** Whether an account already exists for the invitation's email: sign in rather than sign up. */
  accountExists: z.boolean(),
})

/** POST /api/invitations/:token/sign-up */
export const invitationSignUpResponse = z.object({ user: z.object({ id: z.string(), email: z.email(), name: z.string() }) })
