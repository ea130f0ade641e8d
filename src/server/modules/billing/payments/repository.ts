import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { PaymentMethod, PaymentStatus } from '@shared/billing/payments'
import type { InvoiceStatusInput } from '@shared/billing/ageing'
import type { Payment } from '@shared/billing/payments-responses'
import type { Db, Executor } from '../../../db/client'
import { isoText, perDatabase, placeholder, prepareRaw } from '../../../db/prepared'
import { clients, facilities, invoices, organisations, paymentAllocations, payments } from '../../../db/schema'

// The organisation is part of every query: another organisation's payment, invoice or client is
// simply not found. Each filter and join leads with organisation_id, as the indexes and keys do.

// Drizzle writes a single table's columns unqualified in a select list, where a correlated
// subquery would read them as its own: the outer rows' keys are named in full.
const paymentRow = { organisationId: sql.raw('"payments"."organisation_id"'), id: sql.raw('"payments"."id"') }
const invoiceRow = { organisationId: sql.raw('"invoices"."organisation_id"'), id: sql.raw('"invoices"."id"') }

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
// A cursor carries created_at as JavaScript reads it, to the millisecond; ordering and comparing
// on the same precision keeps two payments of one millisecond from being skipped between pages.
const createdToTheMillisecond = sql`date_trunc('milliseconds', ${payments.createdAt})`

export function listPayments(
  db: Executor,
  organisationId: string,
  filter: { clientId?: string; paymentId?: string; before?: { receivedOn: string; createdAt: string; id: string } } = {},
  limit?: number,
) {
  const query = db
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
        filter.before === undefined
          ? undefined
          : sql`(${payments.receivedOn}, ${createdToTheMillisecond}, ${payments.id}) < (${filter.before.receivedOn}::date, ${filter.before.createdAt}::timestamptz, ${filter.before.id}::uuid)`,
      ),
    )
    .orderBy(desc(payments.receivedOn), desc(createdToTheMillisecond), desc(payments.id))
  return limit === undefined ? query : query.limit(limit)
}

/** An invoice of a client's billing as the database reads it: the summary, its status still to derive. */
export type ClientBillingInvoice = InvoiceStatusInput & {
  id: string
  number: string | null
  clientId: string
  clientName: string
  periodStart: string
  periodEnd: string
  issuedOn: string | null
  currency: string
  createdAt: string
}

export type ClientBillingRow = {
  currency: string
  balanceMinor: number
  creditMinor: number
  invoices: ClientBillingInvoice[]
  payments: Payment[]
}

const organisationParam = sql`${placeholder('organisationId')}::uuid`
const clientParam = sql`${placeholder('clientId')}::uuid`

/**
 * A client's billing page in one statement, written as JSON by the database (as the month grid's
 * days are, ADR 0034): the currency, the balance (issued invoices and credit notes less captured
 * payments), the credit (what captured payments left unallocated, counting only allocations to
 * invoices that are not void), every invoice newest first with what has been paid on it and the
 * inputs of its status, and every payment newest received first with what it settles of
 * invoices that are not void, oldest invoice first. No row: not the organisation's client.
 * Named, so each connection plans it once; every lookup is on an index led by organisation_id
 * (invoices_client_idx, invoices_voids_idx, payments_client_idx and the allocations' two).
 */
const clientBillingStatement = perDatabase((db: Db) =>
  prepareRaw<{ billing: ClientBillingRow }>(
    db,
    'client_billing',
    sql`with client_invoices as materialized (
      select i.id, i.kind, i.number, i.status, i.period_start, i.period_end, i.issued_on, i.due_on, i.currency, i.total_minor, i.created_at,
        (now() at time zone i.time_zone)::date as today,
        coalesce((select sum(a.amount_minor) from ${paymentAllocations} as a
          where a.organisation_id = i.organisation_id and a.invoice_id = i.id), 0)::bigint as paid_minor,
        exists (select from ${invoices} as cn where cn.organisation_id = i.organisation_id and cn.voids_invoice_id = i.id) as voided
      from ${invoices} as i
      where i.organisation_id = ${organisationParam} and i.client_id = ${clientParam}
    ), client_payments as materialized (
      select p.id, p.client_id, p.amount_minor, p.currency, p.received_on, p.method, p.reference, p.provider, p.status, p.created_at,
        coalesce(settled.allocated_minor, 0)::bigint as allocated_minor, coalesce(settled.allocations, '[]'::json) as allocations
      from ${payments} as p
      left join lateral (
        select sum(a.amount_minor) as allocated_minor,
          json_agg(json_build_object('invoiceId', a.invoice_id, 'number', i.number, 'amountMinor', a.amount_minor)
            order by i.issued_on, i.number, a.id) as allocations
        from ${paymentAllocations} as a
        inner join ${invoices} as i on i.organisation_id = a.organisation_id and i.id = a.invoice_id
        where a.organisation_id = p.organisation_id and a.payment_id = p.id
          and not exists (select from ${invoices} as cn where cn.organisation_id = a.organisation_id and cn.voids_invoice_id = a.invoice_id)
      ) as settled on true
      where p.organisation_id = ${organisationParam} and p.client_id = ${clientParam}
    )
    select json_build_object(
      'currency', o.currency,
      'balanceMinor', ((select coalesce(sum(total_minor), 0) from client_invoices where status = 'issued')
        - (select coalesce(sum(amount_minor), 0) from client_payments where status = 'captured'))::bigint,
      'creditMinor', (select coalesce(sum(amount_minor - allocated_minor), 0) from client_payments where status = 'captured')::bigint,
      'invoices', coalesce((select json_agg(json_build_object(
          'id', ci.id, 'kind', ci.kind, 'number', ci.number, 'clientId', c.id, 'clientName', c.name, 'status', ci.status,
          'periodStart', ci.period_start::text, 'periodEnd', ci.period_end::text, 'issuedOn', ci.issued_on::text, 'dueOn', ci.due_on::text,
          'currency', ci.currency, 'totalMinor', ci.total_minor, 'paidMinor', ci.paid_minor, 'voided', ci.voided,
          'today', ci.today::text, 'createdAt', ${isoText(sql`ci.created_at`)}) order by ci.created_at desc, ci.id desc)
        from client_invoices as ci), '[]'::json),
      'payments', coalesce((select json_agg(json_build_object(
          'id', cp.id, 'clientId', cp.client_id, 'amountMinor', cp.amount_minor, 'currency', cp.currency, 'receivedOn', cp.received_on::text,
          'method', cp.method, 'reference', cp.reference, 'provider', cp.provider, 'status', cp.status, 'allocations', cp.allocations,
          'createdAt', ${isoText(sql`cp.created_at`)}, 'unallocatedMinor', cp.amount_minor - cp.allocated_minor)
          order by cp.received_on desc, cp.created_at desc, cp.id desc)
        from client_payments as cp), '[]'::json)
    ) as billing
    from ${clients} as c
    inner join ${organisations} as o on o.id = c.organisation_id
    where c.organisation_id = ${organisationParam} and c.id = ${clientParam}`,
  ),
)

export async function readClientBilling(db: Db, organisationId: string, clientId: string): Promise<ClientBillingRow | null> {
  const [row] = await clientBillingStatement(db)({ organisationId, clientId })
  if (!row) return null
  // Both drivers parse a json column; a driver that did not would hand over its text.
  return typeof row.billing === 'string' ? (JSON.parse(row.billing) as ClientBillingRow) : row.billing
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
