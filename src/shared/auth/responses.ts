import { z } from 'zod'
import { renterClient } from '@shared/portal/responses'
import { membership } from '@shared/team/responses'

// Sign-up and sign-in answer what the app needs (the session travels only in the cookie);
// sign-out and reset-password are better-auth's own answers, passed on.

/** POST /api/auth/sign-up/email: the new account, pending until an admin approves it. */
export const signUpResponse = z.object({
  user: z.object({ id: z.uuid(), email: z.email(), name: z.string(), approved: z.boolean() }),
})

/** POST /api/auth/sign-in/email: who signed in; the session itself is in the HttpOnly cookie. */
export const signInResponse = z.strictObject({
  user: z.strictObject({ id: z.uuid(), email: z.email(), name: z.string() }),
})

/** POST /api/auth/sign-out */
export const signOutResponse = z.object({ success: z.boolean() })

/** POST /api/auth/reset-password: the new password is set and the link used up. */
export const resetPasswordResponse = z.object({ status: z.boolean() })

/** POST /api/auth/forgot-password: one answer for every email, so none is shown to have an account. */
export const forgotPasswordResponse = z.strictObject({ message: z.string() })

/** The signed-in account; pending ones too, so the app can say why it signs them out. */
export const currentUser = z.object({
  id: z.uuid(),
  email: z.email(),
  name: z.string(),
  role: z.string().nullable(),
  approved: z.boolean(),
  isAdmin: z.boolean(),
  /** The organisation the account works in now, with its role there; null before it has one. */
  organisation: membership.nullable(),
  /** The clients the account speaks for in the renters' portal; empty for everyone else. */
  renterOf: z.array(renterClient),
})

/** GET /api/me */
export const currentUserResponse = z.object({ user: currentUser })
