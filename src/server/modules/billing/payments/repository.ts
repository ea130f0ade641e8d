import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { PaymentMethod, PaymentStatus } from '@shared/billing/payments'
import type { Executor } from '../../../db/client'
import { clients, facilities, invoices, organisations, paymentAllocations, payments } from '../../../db/schema'

// The organisation is part of every query: another organisation's payment, invoice or client is
// simply not found. Each filter and join leads with organisation_id, as the indexes and keys do.

// Drizzle writes a single table's columns unqualified in a select list, where a correlated
// subquery would read them as its own: the outer rows' keys are named in full.
const paymentRow = { organisationId: sql.raw('"payments"."organisation_id"'), id: sql.raw('"payments"."id"') }
const invoiceRow = { organisationId: sql.raw('"invoices"."organisation_id"'), id: sql.raw('"invoices"."id"') }
const clientRow = { organisationId: sql.raw('"clients"."organisation_id"'), id: sql.raw('"clients"."id"') }

/** Whether the invoice with these keys is void: a credit note names it (ADR 0061). */
const isVoid = (organisationId: SQL, invoiceId: SQL) =>
  sql`exists (select from ${invoices} as voiding where voiding.organisation_id = ${organisationId} and voiding.voids_invoice_id = ${invoiceId})`

const allocationIsVoid = isVoid(sql.raw('a.organisation_id'), sql.raw('a.invoice_id'))

// What each payment has settled of invoices that are not void: a void invoice's allocations are released.
const allocatedOfPayment = sql`coalesce((select sum(a.amount_minor) from ${paymentAllocations} as a
  where a.organisation_id = ${paymentRow.organisationId} and a.payment_id = ${paymentRow.id} and not ${allocationIsVoid}), 0)`

// What has been paid on each invoice.
const paidOfInvoice = sql`coalesce((select sum(a.amount_minor) from ${paymentAllocations} as a
  where a.organisation_id = ${invoiceRow.organisationId} and a.invoice_id = ${invoiceRow.id}), 0)`

const invoiceIsVoid = sql<boolean>`${isVoid(invoiceRow.organisationId, invoiceRow.id)}`

const asNumber = (expression: SQL) => sql<number>`(${expression})::bigint`.mapWith(Number)

/**
 * The organisation's currency and zone: every "today" of billing is the organisation's first
 * facility's (by creation), UTC while it has none, as the invoices' dates are.
 */
export async function findOrganisationClock(db: Executor, organisationId: string) {
  const [row] = await db
    .select({
      currency: organisations.currency,
      timeZone: sql<string>`coalesce((select f.time_zone from ${facilities} as f where f.organisation_id = ${sql.raw('"organisations"."id"')}
        order by f.created_at, f.id limit 1), 'UTC')`,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return row!
}

/** Holds the invoices (those of them that are the organisation's) until the transaction ends, in id order, so payers take turns without deadlock. */
export async function lockInvoices(db: Executor, organisationId: string, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return []
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.organisationId, organisationId), inArray(invoices.id, invoiceIds)))
    .orderBy(asc(invoices.id))
    .for('update')
  return rows.map((row) => row.id)
}

/** The invoices as they stand, with what has been paid on each; read after lockInvoices, in a statement of its own, so the sums include every payment committed before the lock was ours. */
export function readInvoicesForPayment(db: Executor, organisationId: string, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([])
  return db
    .select({
      id: invoices.id,
      clientId: invoices.clientId,
      kind: invoices.kind,
      status: invoices.status,
      number: invoices.number,
      totalMinor: invoices.totalMinor,
      isVoid: invoiceIsVoid,
      paidMinor: asNumber(paidOfInvoice),
    })
    .from(invoices)
    .where(and(eq(invoices.organisationId, organisationId), inArray(invoices.id, invoiceIds)))
}

export type PaymentValues = {
  clientId: string
  amountMinor: number
  currency: string
  receivedOn: string
  method: PaymentMethod
  reference: string | null
  provider: string
  providerReference: string | null
  status: PaymentStatus
  recordedBy: string
}

export async function insertPayment(db: Executor, organisationId: string, values: PaymentValues) {
  const [row] = await db
    .insert(payments)
    .values({ ...values, organisationId })
    .returning({ id: payments.id })
  return row!.id
}

/** Each allocation is checked by the trigger payment_allocations_within (../sql). */
export async function insertAllocations(
  db: Executor,
  organisationId: string,
  paymentId: string,
  rows: { invoiceId: string; amountMinor: number }[],
) {
  if (rows.length === 0) return
  await db.insert(paymentAllocations).values(rows.map((row) => ({ ...row, organisationId, paymentId })))
}

const allocationsOfPayment = sql<{ invoiceId: string; number: string | null; amountMinor: number }[]>`coalesce((
  select json_agg(json_build_object('invoiceId', a.invoice_id, 'number', i.number, 'amountMinor', a.amount_minor) order by i.issued_on, i.number, a.id)
  from ${paymentAllocations} as a
  inner join ${invoices} as i on i.organisation_id = a.organisation_id and i.id = a.invoice_id
  where a.organisation_id = ${paymentRow.organisationId} and a.payment_id = ${paymentRow.id} and not ${allocationIsVoid}), '[]'::json)`

/** Payments newest received first, each with what it settles of invoices that are not void, oldest invoice first. */
export function listPayments(db: Executor, organisationId: string, filter: { clientId?: string; paymentId?: string } = {}) {
  return db
    .select({
      id: payments.id,
      clientId: payments.clientId,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      receivedOn: payments.receivedOn,
      method: sql<PaymentMethod>`${payments.method}`,
      reference: payments.reference,
      provider: payments.provider,
      status: sql<PaymentStatus>`${payments.status}`,
      allocations: allocationsOfPayment,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.organisationId, organisationId),
        filter.clientId === undefined ? undefined : eq(payments.clientId, filter.clientId),
        filter.paymentId === undefined ? undefined : eq(payments.id, filter.paymentId),
      ),
    )
    .orderBy(desc(payments.receivedOn), desc(payments.createdAt), desc(payments.id))
}

/**
 * The client's balance (issued invoices and credit notes less captured payments) and credit (what
 * captured payments left unallocated, counting only allocations to invoices that are not void).
 */
export async function readClientPosition(db: Executor, organisationId: string, clientId: string) {
  const ofClient = (table: SQL) => sql`${table}.organisation_id = ${clientRow.organisationId} and ${table}.client_id = ${clientRow.id}`
  const [row] = await db
    .select({
      invoicedMinor: asNumber(sql`coalesce((select sum(i.total_minor) from ${invoices} as i
        where ${ofClient(sql.raw('i'))} and i.status = 'issued'), 0)`),
      receivedMinor: asNumber(sql`coalesce((select sum("payments"."amount_minor") from ${payments}
        where ${ofClient(sql.raw('"payments"'))} and "payments"."status" = 'captured'), 0)`),
      creditMinor: asNumber(sql`coalesce((select sum("payments"."amount_minor" - ${allocatedOfPayment}) from ${payments}
        where ${ofClient(sql.raw('"payments"'))} and "payments"."status" = 'captured'), 0)`),
    })
    .from(clients)
    .where(and(eq(clients.organisationId, organisationId), eq(clients.id, clientId)))
  return row ?? null
}

/** Every open invoice (issued, not void, not fully paid) with its due date and balance, by client. */
export function listOpenBalances(db: Executor, organisationId: string) {
  return db
    .select({
      clientId: invoices.clientId,
      clientName: clients.name,
      dueOn: sql<string>`${invoices.dueOn}`,
      balanceMinor: asNumber(sql`${invoices.totalMinor} - ${paidOfInvoice}`),
    })
    .from(invoices)
    .innerJoin(clients, and(eq(clients.organisationId, invoices.organisationId), eq(clients.id, invoices.clientId)))
    .where(
      and(
        eq(invoices.organisationId, organisationId),
        eq(invoices.kind, 'invoice'),
        eq(invoices.status, 'issued'),
        sql`not ${invoiceIsVoid}`,
        sql`${invoices.totalMinor} > ${paidOfInvoice}`,
      ),
    )
}

/** Each client whose captured payments left something unallocated, and how much. */
export function listCredits(db: Executor, organisationId: string) {
  const credit = sql`sum(${payments.amountMinor} - ${allocatedOfPayment})`
  return db
    .select({ clientId: payments.clientId, clientName: clients.name, creditMinor: asNumber(credit) })
    .from(payments)
    .innerJoin(clients, and(eq(clients.organisationId, payments.organisationId), eq(clients.id, payments.clientId)))
    .where(and(eq(payments.organisationId, organisationId), eq(payments.status, 'captured')))
    .groupBy(payments.clientId, clients.name)
    .having(sql`${credit} > 0`)
}
