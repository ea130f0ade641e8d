import { z } from 'zod'
import { LIMITS } from '@shared/limits'
import { lineString, tooLongMessage } from '@shared/schema-fields'

export { AUTH_MESSAGES } from './messages'

const email = z
  .string({ error: 'Please enter your email' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Please enter your email', abort: true })
  .max(LIMITS.profile.email, tooLongMessage('Email', LIMITS.profile.email))
  .check(z.email({ error: 'Please enter a valid email address' }))

// Never trimmed: spaces are legitimate password characters.
const newPassword = z
  .string({ error: 'Please enter a password' })
  .min(LIMITS.password.minLength, `Password must be at least ${LIMITS.password.minLength} characters`)
  .max(LIMITS.password.maxLength, `Password must be ${LIMITS.password.maxLength} characters or less`)

export const signUpInput = z.object({
  fullName: lineString({ error: 'Please enter your full name' })
    .trim()
    .min(1, 'Please enter your full name')
    .max(LIMITS.profile.fullName, tooLongMessage('Full name', LIMITS.profile.fullName)),
  email,
  password: newPassword,
  /** From a renters' portal invitation link: the account is the renter's, made without approval. */
  portalInvitation: z.string().max(200).optional(),
})
export type SignUpInput = z.infer<typeof signUpInput>

// Sign-in only checks presence: a length rule here would hint at which passwords cannot exist.
export const signInInput = z.object({
  email,
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password'),
  /** From the invitation page: an invitation for this email approves an account still pending. */
  invitationToken: z.string().max(200).optional(),
  /** From a renters' portal invitation link: it gives a pending account with its email its access. */
  portalInvitation: z.string().max(200).optional(),
})
export type SignInInput = z.infer<typeof signInInput>

/** "Forgot password?": only the email; the answer is the same whether or not it has an account. */
export const forgotPasswordInput = z.object({ email })
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>

/** The page behind an admin's one-time reset link. */
export const resetPasswordInput = z.object({
  token: z.string({ error: 'This reset link is not valid' }).min(1, 'This reset link is not valid'),
  password: newPassword,
})
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>
