import type { BillingSettingsInput, RateInput } from '@shared/billing/schema'
import type { Db, Executor } from '../../../db/client'
import { notFound } from '../../../errors'
import { recordActivity, type Actor } from '../../activity/service'
import * as repository from './repository'

// Billing settings and rates (docs/product.md#billing, ADR 0061). Rates are a history: setting one
// adds a row from now on, so a booking keeps the rate in force when it was made.

export async function getSettings(db: Db, organisationId: string) {
  const { currency, paymentTermsDays, taxes } = await repository.readSettings(db, organisationId)
  return { currency, paymentTermsDays, taxes }
}

/** New invoices take the new taxes and terms; issued ones keep theirs (invoice_taxes). */
export async function updateSettings(db: Db, organisationId: string, input: BillingSettingsInput) {
  return db.transaction(async (tx) => {
    await repository.lockSettings(tx, organisationId)
    await repository.writeSettings(tx, organisationId, input.currency, input.paymentTermsDays, input.taxes)
    const { currency, paymentTermsDays, taxes } = await repository.readSettings(tx, organisationId)
    return { currency, paymentTermsDays, taxes }
  })
}

async function requireRoom(db: Executor, organisationId: string, roomId: string) {
  const room = await repository.findRoom(db, organisationId, roomId)
  if (!room) throw notFound('Space')
  return room
}

async function requireClient(db: Executor, organisationId: string, clientId: string) {
  const client = await repository.findClient(db, organisationId, clientId)
  if (!client) throw notFound('Client')
  return client
}

export async function getRoomRates(db: Db, organisationId: string, roomId: string) {
  await requireRoom(db, organisationId, roomId)
  const [rate, clientRates] = await Promise.all([
    repository.currentRoomRate(db, organisationId, roomId),
    repository.currentClientRatesOfRoom(db, organisationId, roomId),
  ])
  return { rate, clientRates }
}

export async function getClientRates(db: Db, organisationId: string, clientId: string) {
  await requireClient(db, organisationId, clientId)
  return { rates: await repository.currentRatesOfClient(db, organisationId, clientId) }
}

type RateValue = { primeRateMinor: number; nonPrimeRateMinor: number } | null

function rateChanges(before: RateValue, after: RateValue) {
  return {
    primeRate: { before: before?.primeRateMinor ?? null, after: after?.primeRateMinor ?? null },
    nonPrimeRate: { before: before?.nonPrimeRateMinor ?? null, after: after?.nonPrimeRateMinor ?? null },
  }
}

/** 'Set Rates' of a space: its rate from now on; bookings made before keep theirs. */
export async function setRoomRate(db: Db, organisationId: string, actor: Actor, roomId: string, input: RateInput) {
  return db.transaction(async (tx) => {
    const room = await requireRoom(tx, organisationId, roomId)
    const before = await repository.currentRoomRate(tx, organisationId, roomId)
    const rate = (await repository.insertRate(tx, organisationId, { roomId, clientId: null, ...input })) as NonNullable<
      Awaited<ReturnType<typeof repository.currentRoomRate>>
    >
    await recordActivity(tx, organisationId, actor, {
      action: 'updated',
      entity: 'rate',
      entityId: roomId,
      label: room.name,
      changes: rateChanges(before, input),
    })
    return rate
  })
}

/** 'Special Rates': the client's own rate for the space from now on, over the space's. */
export async function setClientRate(db: Db, organisationId: string, actor: Actor, clientId: string, roomId: string, input: RateInput) {
  return db.transaction(async (tx) => {
    const client = await requireClient(tx, organisationId, clientId)
    const room = await requireRoom(tx, organisationId, roomId)
    const before = await repository.currentClientRate(tx, organisationId, clientId, roomId)
    const rate = (await repository.insertRate(tx, organisationId, { roomId, clientId, ...input })) as NonNullable<
      Awaited<ReturnType<typeof repository.currentClientRate>>
    >
    await recordActivity(tx, organisationId, actor, {
      action: 'updated',
      entity: 'rate',
      entityId: roomId,
      label: `${room.name} for ${client.name}`,
      changes: rateChanges(before, input),
    })
    return rate
  })
}

/** Ends the client's own rate for the space from now on: the space's rate applies again. */
export async function endClientRate(db: Db, organisationId: string, actor: Actor, clientId: string, roomId: string) {
  await db.transaction(async (tx) => {
    const client = await requireClient(tx, organisationId, clientId)
    const room = await requireRoom(tx, organisationId, roomId)
    const before = await repository.currentClientRate(tx, organisationId, clientId, roomId)
    // Nothing in force: nothing to end, and nothing worth a row or an entry.
    if (!before) return
    await repository.insertRate(tx, organisationId, { roomId, clientId, primeRateMinor: null, nonPrimeRateMinor: null })
    await recordActivity(tx, organisationId, actor, {
      action: 'updated',
      entity: 'rate',
      entityId: roomId,
      label: `${room.name} for ${client.name}`,
      changes: rateChanges(before, null),
    })
  })
}
