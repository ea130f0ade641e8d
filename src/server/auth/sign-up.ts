import { APIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import { AUTH_MESSAGES } from '@shared/auth/schema'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { AppError } from '../errors'
import type { Auth } from './auth'

/**
 * Creates an account through better-auth, for both sign-ups (auth/routes.ts, an invitation's
 * sign-up). Of parallel sign-ups of one email the database's unique email lets one through.
 * better-auth answers the others, when it saw the row, with a made-up account of a new id (it
 * never says an email is taken while sign-ups do not sign in), and "Failed to create user" when it
 * did not yet: each is the same 409 once the email is taken, so a race is never a 500 nor a
 * misleading 422, and no made-up account reaches the caller.
 */
export async function signUpAccount(
  auth: Auth,
  db: Db,
  body: { name: string; email: string; password: string },
  headers: Headers,
): Promise<{ id: string; email: string; name: string; approved?: boolean }> {
  try {
    const result = await auth.api.signUpEmail({ body, headers })
    const [created] = await db.select({ id: users.id }).from(users).where(eq(users.id, result.user.id))
    if (!created) throw emailTaken()
    return result.user as typeof result.user & { approved?: boolean }
  } catch (error) {
    if (error instanceof AppError) throw error
    if (error instanceof APIError && error.body?.code?.startsWith('USER_ALREADY_EXISTS')) throw emailTaken()
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email))
    if (existing) throw emailTaken()
    throw error
  }
}

const emailTaken = () => new AppError('CONFLICT', AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken })
