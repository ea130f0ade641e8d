import { and, count, eq, gt, inArray, lt, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { signInFailures } from '../db/schema'

// At most 10 failures per 15 minutes, per account and per address (issue 9).
const MAX_FAILURES = 10
const WINDOW_MINUTES = 15
const WINDOW_MS = WINDOW_MINUTES * 60_000

export const SIGN_IN_LOCKED_MESSAGE = `Too many failed sign-in attempts. Please wait ${WINDOW_MINUTES} minutes and try again.`

function subjectsFor(email: string, ip: string | null): string[] {
  const subjects = [`email:${email.trim().toLowerCase()}`]
  if (ip) subjects.push(`ip:${ip}`)
  return subjects
}

// Counts per account and per address, in the database so the limit holds across instances.
export async function isSignInLocked(db: Db, email: string, ip: string | null, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - WINDOW_MS)
  const rows = await db
    .select({ subject: signInFailures.subject, total: count() })
    .from(signInFailures)
    .where(and(inArray(signInFailures.subject, subjectsFor(email, ip)), gt(signInFailures.failedAt, since)))
    .groupBy(signInFailures.subject)
  return rows.some((row) => row.total >= MAX_FAILURES)
}

export async function recordSignInFailure(db: Db, email: string, ip: string | null, now = new Date()): Promise<void> {
  const subjects = subjectsFor(email, ip)
  await db.transaction(async (tx) => {
    await tx.insert(signInFailures).values(subjects.map((subject) => ({ subject, failedAt: now })))
    // Old rows are only noise; prune them while we are here.
    await tx
      .delete(signInFailures)
      .where(or(...subjects.map((subject) => and(eq(signInFailures.subject, subject), lt(signInFailures.failedAt, new Date(now.getTime() - WINDOW_MS))))))
  })
}
