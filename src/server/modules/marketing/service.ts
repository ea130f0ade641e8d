import type { AvailabilityQuery } from '@shared/marketing/schema'
import { computeSlots } from '@shared/scheduling/slots'
import { closureCloses } from '@shared/scheduling/space-tree'
import { randomUUID } from 'node:crypto'
import { selloffSentMessage, type SendSelloffInput } from '@shared/mail/schema'
import type { Db } from '../../db/client'
import type { Env } from '../../env'
import { AppError, notFound } from '../../errors'
import { listClosuresInRange } from '../../booking'
import { enqueueMail, mailLimitState, selloffMail, type MailSettings } from '../../mail'
import { recordActivity } from '../activity/service'
import { getFacility } from '../facilities/service'
import * as repository from './repository'
import { clientOfUnsubscribeToken, unsubscribeToken } from './unsubscribe-token'

const MS_PER_MINUTE = 60 * 1000
const MS_PER_HOUR = 60 * MS_PER_MINUTE

/**
 * Every sellable room of the facility with its slots from now to now + hoursAhead, in four
 * queries whatever the number of rooms: the facility, its rooms, what keeps them busy (their
 * bookings, their wholes' and their parts', with changeovers) and the facility's closures.
 */
export async function readAvailability(db: Db, organisationId: string, { facilityId, hoursAhead }: AvailabilityQuery, now: Date) {
  const facility = await getFacility(db, organisationId, facilityId)

  const window = { start: now, end: new Date(now.getTime() + hoursAhead * MS_PER_HOUR) }
  const rooms = await repository.listSellableRooms(db, organisationId, facilityId)
  // Reaching back by the longest changeover: a slot is sold only if it and the changeover after
  // it are free, so a booking that starts up to that long after the window's end still matters.
  const longestChangeover = Math.max(0, ...rooms.map((room) => room.changeoverMinutes))
  const busy =
    rooms.length > 0
      ? await repository.listBusyOverlapping(
          db,
          organisationId,
          rooms.map(({ id }) => id),
          { start: window.start, end: new Date(window.end.getTime() + longestChangeover * MS_PER_MINUTE) },
        )
      : []
  const closures = await listClosuresInRange(db, organisationId, { from: window.start, to: window.end, facilityId, roomId: null })
  const spaces = rooms.map(({ id, parentId, type }) => ({ id, parentId, type }))

  return {
    facility: { id: facility.id, name: facility.name, timeZone: facility.timeZone },
    window,
    // Each room names the whole it is part of, so that the email sells a sheet and its halves as one inventory.
    rooms: rooms.map(({ operatingStartTime, operatingEndTime, bookingInterval, changeoverMinutes, ...room }) => ({
      ...room,
      slots: computeSlots({
        operatingStart: operatingStartTime,
        operatingEnd: operatingEndTime,
        bookingInterval,
        // A slot and the room's changeover after it must both be free: each busy span reaches
        // back by the changeover, which is the same as the slot reaching forward by it.
        // A closure is busy for its own span only: a changeover may run into it.
        events: [
          ...busy
            .filter((span) => span.roomId === room.id)
            .map((span) => ({ start: new Date(span.start.getTime() - changeoverMinutes * MS_PER_MINUTE), end: span.end })),
          ...closures
            .filter((closure) => closureCloses(spaces, closure.spaceId, room.id))
            .map((closure) => ({ start: closure.startTime, end: closure.endTime })),
        ],
        now,
        hoursAhead,
        timeZone: facility.timeZone,
      }),
    })),
  }
}

/* ---------- the selloff email and unsubscribing (docs/product.md#email) ---------- */

export function listRecipients(db: Db, organisationId: string) {
  return repository.listRecipients(db, organisationId)
}

export const UNSUBSCRIBE_ORIGIN_MESSAGE =
  "This address is not the server's configured one, so an unsubscribe link made here could point anywhere. Set BASE_URL (or add this address to TRUSTED_ORIGINS) and try again."

/**
 * Each chosen client with an email who has not unsubscribed gets their own selloff message, with
 * their own unsubscribe link; the others are counted out. All or nothing: a client id that is not
 * the organisation's refuses the whole send (404), and the messages land in one transaction.
 */
export async function sendSelloff(
  db: Db,
  env: MailSettings & Pick<Env, 'authSecret'>,
  organisation: { id: string; name: string },
  input: SendSelloffInput,
  origin: string | null,
) {
  if (origin === null) throw new AppError('VALIDATION', UNSUBSCRIBE_ORIGIN_MESSAGE)
  const clientIds = [...new Set(input.clientIds)]
  const sendId = randomUUID()
  return db.transaction(async (tx) => {
    const chosen = await repository.lockChosenClients(tx, organisation.id, clientIds)
    if (chosen.length !== clientIds.length) throw notFound('Client')
    const mails = chosen.flatMap((client) => {
      if (client.email === null || client.unsubscribedAt !== null) return []
      const unsubscribeUrl = `${origin}/unsubscribe/${unsubscribeToken(client.id, env.authSecret)}`
      return [
        selloffMail({
          organisationId: organisation.id,
          organisationName: organisation.name,
          to: client.email,
          subject: input.subject,
          body: input.body,
          unsubscribeUrl,
          businessKey: `selloff:${sendId}:${client.id}`,
        }),
      ]
    })
    const sent = mails.length === 0 ? 0 : await enqueueMail(tx, mails)
    const limit = await mailLimitState(tx, env, organisation.id)
    // The newest messages go last: those of this send wait before any older one does.
    const waiting = Math.min(sent, limit.waiting)
    return {
      message: selloffSentMessage(sent),
      sent,
      waiting,
      limitNotice:
        waiting === 0
          ? null
          : `Sending is limited to ${limit.perHour} messages an hour for this organisation: ${waiting} will go out as the limit allows.`,
    }
  })
}

/** What the unsubscribe page asks about; a token that names no client is a 404, revealing nothing. */
export async function unsubscribeInfo(db: Db, secret: string, token: string) {
  const clientId = clientOfUnsubscribeToken(token, secret)
  const client = clientId === null ? null : await repository.findUnsubscribeClient(db, clientId)
  if (!client) throw notFound('Page')
  return { organisationName: client.organisationName, unsubscribed: client.unsubscribedAt !== null }
}

/**
 * Unsubscribes the client from marketing for good; again is the same answer and changes nothing.
 * The client's trail records it, by the client (no account did it).
 */
export async function unsubscribe(db: Db, secret: string, token: string) {
  const clientId = clientOfUnsubscribeToken(token, secret)
  if (clientId === null) throw notFound('Page')
  await db.transaction(async (tx) => {
    const client = await repository.findUnsubscribeClient(tx, clientId, { lock: true })
    if (!client) throw notFound('Page')
    if (client.unsubscribedAt !== null) return
    await repository.markUnsubscribed(tx, clientId)
    await recordActivity(
      tx,
      client.organisationId,
      { id: null, name: client.name },
      {
        action: 'updated',
        entity: 'client',
        entityId: client.id,
        label: client.name,
        changes: { marketing: { before: 'Subscribed', after: 'Unsubscribed' } },
      },
    )
  })
  return { unsubscribed: true as const }
}
