import { z } from 'zod'
import { instant } from '@shared/response-fields'

/** An account as the admin page lists it. */
export const adminUser = z.object({
  id: z.uuid(),
  email: z.email(),
  name: z.string(),
  approved: z.boolean(),
  role: z.string().nullable(),
  createdAt: instant,
  /** The latest "Forgot password?" request still waiting for a reset link; null when none is. */
  resetRequestedAt: instant.nullable(),
})

/** GET /api/admin/users, newest first (the page puts those waiting for the admin first). */
export const adminUserListResponse = z.object({ users: z.array(adminUser) })

/** POST /api/admin/users/:id/approve and /revoke */
export const adminUserResponse = z.object({ user: adminUser })

/** POST /api/admin/users/:id/reset-password: the one-time link the admin hands over. */
export const passwordResetLinkResponse = z.object({ resetLink: z.url(), expiresAt: instant })
