import { and, eq, gt, or, sql } from 'drizzle-orm'
import type { Db, Executor } from '../db/client'
import { authAttempts } from '../db/schema'
import { AppError } from '../errors'

/**
 * Sign-in and sign-up limits (docs/security.md explains the scheme). Every attempt takes its
 * row, under a lock per key, before any password is hashed or verified: however many requests
 * arrive at once, no more than the limit are ever checked in a window.
 */
export const SIGN_IN_LIMITS = {
  windowMinutes: 15,
  // Failures one address may make on one account: the guesses an attacker gets per address.
  perAccountAndAddress: 10,
  // Failures one address may make across all accounts: one address spraying many accounts.
  perAddress: 50,
  // Account-wide failures from every address. Past backOffAfter each attempt on the account
  // waits a little longer; past hardStopAfter only addresses that have failed on it themselves
  // are refused, so an attacker can never lock the owner out from a clean address.
  accountBackOffAfter: 10,
  accountHardStopAfter: 100,
  backOffStepMs: 20,
  maxBackOffMs: 2_000,
} as const

export const SIGN_IN_LOCKED_MESSAGE = `Too many failed sign-in attempts. Please wait ${SIGN_IN_LIMITS.windowMinutes} minutes and try again.`
export const SIGN_UP_THROTTLED_MESSAGE = 'Too many accounts were created from this address. Please try again in an hour.'

// Advisory locks are keyed by a 64-bit hash of the text; the prefix keeps the kinds apart.
const lockKey = (executor: Executor, key: string) => executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)

const withinWindow = (minutes: number) => gt(authAttempts.attemptedAt, sql`now() - make_interval(mins => ${minutes})`)

export type SignInAttempt = { id: string; delayMs: number }

/**
 * Takes a sign-in attempt's place before its password is checked, or refuses it with 429.
 * The place counts as a failure until releaseSignInAttempt gives it back.
 */
export async function reserveSignInAttempt(db: Db, email: string, address: string): Promise<SignInAttempt> {
  const account = email.trim().toLowerCase()
  const { windowMinutes, perAccountAndAddress, perAddress, accountBackOffAfter, accountHardStopAfter } = SIGN_IN_LIMITS
  const reserved = await db.transaction(async (tx) => {
    // Always in this order (pair, then address), so two attempts never wait on each other in a circle.
    await lockKey(tx, `sign-in:${JSON.stringify([account, address])}`)
    await lockKey(tx, `sign-in-address:${address}`)
    const [counts] = await tx
      .select({
        pair: sql<number>`count(*) filter (where ${authAttempts.account} = ${account} and ${authAttempts.address} = ${address})`.mapWith(
          Number,
        ),
        byAddress: sql<number>`count(*) filter (where ${authAttempts.address} = ${address})`.mapWith(Number),
        byAccount: sql<number>`count(*) filter (where ${authAttempts.account} = ${account})`.mapWith(Number),
      })
      .from(authAttempts)
      .where(
        and(
          eq(authAttempts.kind, 'sign_in'),
          withinWindow(windowMinutes),
          or(eq(authAttempts.account, account), eq(authAttempts.address, address)),
        ),
      )
    const { pair = 0, byAddress = 0, byAccount = 0 } = counts ?? {}
    const isOverAccountLimit = byAccount >= accountHardStopAfter && pair > 0
    if (pair >= perAccountAndAddress || byAddress >= perAddress || isOverAccountLimit) return null
    const [row] = await tx.insert(authAttempts).values({ kind: 'sign_in', account, address }).returning({ id: authAttempts.id })
    // Expired rows are only noise; those of these keys go while their locks are held.
    await tx
      .delete(authAttempts)
      .where(
        and(
          eq(authAttempts.kind, 'sign_in'),
          sql`${authAttempts.attemptedAt} <= now() - make_interval(mins => ${windowMinutes})`,
          or(eq(authAttempts.account, account), eq(authAttempts.address, address)),
        ),
      )
    return { id: row!.id, byAccount }
  })
  if (!reserved) throw new AppError('RATE_LIMITED', SIGN_IN_LOCKED_MESSAGE)
  const excess = reserved.byAccount - accountBackOffAfter
  const delayMs = excess > 0 ? Math.min(excess * SIGN_IN_LIMITS.backOffStepMs, SIGN_IN_LIMITS.maxBackOffMs) : 0
  return { id: reserved.id, delayMs }
}

/** A right password: the attempt's place is given back, so only failures fill the window. */
export async function releaseSignInAttempt(db: Db, attemptId: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.id, attemptId))
}

/**
 * Counts a sign-up against its address before anything else is done with it (no password is
 * hashed for a refused one). Every sign-up counts, taken or not, so the limit also bounds how
 * fast an address can probe which emails have accounts.
 */
export async function reserveSignUp(db: Db, address: string, perHour: number): Promise<void> {
  const isAllowed = await db.transaction(async (tx) => {
    await lockKey(tx, `sign-up-address:${address}`)
    const [counts] = await tx
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(authAttempts)
      .where(and(eq(authAttempts.kind, 'sign_up'), eq(authAttempts.address, address), withinWindow(60)))
    if ((counts?.total ?? 0) >= perHour) return false
    await tx.insert(authAttempts).values({ kind: 'sign_up', address })
    await tx
      .delete(authAttempts)
      .where(
        and(
          eq(authAttempts.kind, 'sign_up'),
          eq(authAttempts.address, address),
          sql`${authAttempts.attemptedAt} <= now() - interval '1 hour'`,
        ),
      )
    return true
  })
  if (!isAllowed) throw new AppError('RATE_LIMITED', SIGN_UP_THROTTLED_MESSAGE)
}
