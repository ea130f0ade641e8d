import { recordActivity, type ActivityRecord, type SystemActor } from '../modules/activity/service'
import type { Db, Tx } from '../db/client'
import { logError } from '../log'
import * as repository from './repository'
import {
  createMailTransport,
  errorText,
  isPermanentFailure,
  type MailSettings,
  type MailTransport,
  type SendableMessage,
} from './transport'

// The outbox's worker (ADR 0056, docs/product.md#email). It claims due messages in batches,
// sends them on one pooled transport, and marks them in batches. A message is claimed as
// 'sending' with a lease; a worker killed mid-send leaves its rows 'sending', and once the lease
// (MAIL_LEASE_SECONDS) runs out any worker claims them again: delivered once, or at worst twice
// with the same Message-ID, never lost.

export type MailWorkerDeps = {
  db: Db
  env: MailSettings
  /** The worker's own pooled transport; drainMailOnce makes (and closes) one when left out. */
  transport?: MailTransport
}

/** Messages claimed per transaction, and sent at once on the pool's connections. */
export const MAIL_BATCH = 50

/** Batches in flight at once in one instance (drainMailOnce). */
const MAIL_LANES = 2

/** Attempts before a message that keeps failing is 'failed'. */
export const MAIL_MAX_ATTEMPTS = 8
/** The wait after each failed attempt, in seconds: 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h (about 22 h in all). */
export const MAIL_RETRY_DELAYS_SECONDS = [60, 300, 900, 3_600, 10_800, 21_600, 43_200] as const

/** After `attempts` failed attempts: the seconds to wait, or null when it is failed for good. */
export function retryDelaySeconds(attempts: number): number | null {
  if (attempts >= MAIL_MAX_ATTEMPTS) return null
  return MAIL_RETRY_DELAYS_SECONDS[Math.max(1, Math.min(attempts, MAIL_RETRY_DELAYS_SECONDS.length)) - 1]!
}

/** Who the trail names for the worker's entries: no account, the app itself. */
const MAIL_ACTOR: SystemActor = { id: null, name: 'Fieldhouse' }

/** Each organisation's messages as entries of its trail, in the transaction that marks them. */
async function recordMail(tx: Tx, messages: repository.ClaimedMessage[], delivery: 'sent' | 'kept') {
  const byOrganisation = new Map<string, ActivityRecord[]>()
  for (const message of messages) {
    if (message.organisationId === null) continue
    const records = byOrganisation.get(message.organisationId) ?? []
    records.push({
      action: 'sent',
      entity: 'mail',
      entityId: message.id,
      label: message.subject,
      changes: { to: { before: null, after: message.recipient }, delivery: { before: null, after: delivery } },
    })
    byOrganisation.set(message.organisationId, records)
  }
  for (const [organisationId, records] of byOrganisation) await recordActivity(tx, organisationId, MAIL_ACTOR, records)
}

type Claim = { seen: number; claimed: (repository.ClaimedMessage & SendableMessage)[] }

/**
 * Claims one batch to send. Account mail goes at once; an organisation's goes while its hour
 * allows (MAIL_PER_ORGANISATION_PER_HOUR), and the rest is queued again for when it does.
 */
async function claimBatch(db: Db, env: MailSettings): Promise<Claim> {
  return db.transaction(async (tx) => {
    const due = await repository.dueRows(tx, env.mailLeaseSeconds, MAIL_BATCH)
    if (due.length === 0) return { seen: 0, claimed: [] }
    const dueIds = due.map((row) => row.id)
    const allowed = due.filter((row) => row.organisationId === null).map((row) => row.id)
    // In one order everywhere, so two instances' locks never wait on each other in a circle.
    const organisationIds = [...new Set(due.flatMap((row) => (row.organisationId === null ? [] : [row.organisationId])))].sort()
    for (const organisationId of organisationIds) {
      await repository.lockOrganisationMail(tx, organisationId)
      const { used, oldestSentAt } = await repository.hourUsed(tx, organisationId, dueIds)
      const mine = due.filter((row) => row.organisationId === organisationId).map((row) => row.id)
      const room = Math.max(0, env.mailPerOrganisationPerHour - used)
      allowed.push(...mine.slice(0, room))
      await repository.holdBack(tx, mine.slice(room), oldestSentAt)
    }
    const claimed = await repository.claim(tx, allowed)
    // Read with the claim, so the send has the very bytes stored with the message.
    const attachments = await repository.attachmentsOf(
      tx,
      claimed.map((message) => message.id),
    )
    return { seen: due.length, claimed: claimed.map((message) => ({ ...message, attachments: attachments.get(message.id) ?? [] })) }
  })
}

/** Delivery is off: every due message is kept, and recorded as such. */
async function keepBatch(db: Db, env: MailSettings): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await repository.dueRows(tx, env.mailLeaseSeconds, MAIL_BATCH)
    const kept = await repository.keep(
      tx,
      due.map((row) => row.id),
    )
    await recordMail(tx, kept, 'kept')
    return due.length
  })
}

async function sendBatch(db: Db, transport: MailTransport, claimed: (repository.ClaimedMessage & SendableMessage)[]) {
  const outcomes = await Promise.all(
    claimed.map((message) =>
      transport.send(message).then(
        () => null,
        (error: unknown) => error,
      ),
    ),
  )
  const sentIds = claimed.filter((_, index) => outcomes[index] === null).map((message) => message.id)
  await db.transaction(async (tx) => {
    await recordMail(tx, await repository.markSent(tx, sentIds), 'sent')
    for (const [index, message] of claimed.entries()) {
      const error = outcomes[index]
      if (error === null) continue
      const retryAfter = isPermanentFailure(error) ? null : retryDelaySeconds(message.attempts)
      await repository.markFailed(tx, message.id, errorText(error), retryAfter)
    }
  })
}

/**
 * Delivers (or, without SMTP_URL, keeps) every message due now, a batch at a time, and returns
 * how many it handled. Tests drive the worker with it; startMailWorker calls it every second.
 */
export async function drainMailOnce(deps: MailWorkerDeps): Promise<number> {
  const { db, env } = deps
  let handled = 0
  if (!env.smtpUrl) {
    for (let count = await keepBatch(db, env); count > 0; count = await keepBatch(db, env)) handled += count
    return handled
  }
  const transport = deps.transport ?? createMailTransport(env)
  // Each lane claims, sends and marks a batch in turn; with two, one lane's batch is on the wire
  // while the other's is claimed or marked, so the pool's connections do not stand idle.
  const lane = async () => {
    for (;;) {
      const { seen, claimed } = await claimBatch(db, env)
      if (seen === 0) return
      if (claimed.length > 0) await sendBatch(db, transport, claimed)
      handled += claimed.length
    }
  }
  try {
    await Promise.all(Array.from({ length: MAIL_LANES }, lane))
  } finally {
    if (!deps.transport) transport.close()
  }
  return handled
}

/** How often the worker looks for due messages. */
export const MAIL_POLL_INTERVAL_MS = 1_000

/**
 * The worker main.ts starts once the database is open, and stops before it closes: it drains
 * what is due every second. On PGlite it is the one poller of the one connection; on PostgreSQL
 * every instance runs one, and SKIP LOCKED shares the rows out.
 */
export function startMailWorker(deps: Omit<MailWorkerDeps, 'transport'>): { stop: () => Promise<void> } {
  const transport = deps.env.smtpUrl ? createMailTransport(deps.env) : undefined
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()

  const tick = () => {
    running = drainMailOnce({ ...deps, transport })
      .then(
        () => undefined,
        (error: unknown) => logError('mail worker failed a round; it tries again', error),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, MAIL_POLL_INTERVAL_MS)
      })
  }
  timer = setTimeout(tick, 0)

  return {
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
      transport?.close()
    },
  }
}
