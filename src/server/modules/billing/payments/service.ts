import { ageBucket, type AgeBucket } from '@shared/billing/ageing'
import { stringify } from 'csv-stringify/sync'
import { currencyDigits, formatMoney, formatScaledInteger, toSafeNumber } from '@shared/billing/money'
import {
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENTS_PER_PAGE,
  paymentCursor,
  readPaymentCursor,
  type RecordPaymentInput,
} from '@shared/billing/payments'
import { RECEIVABLE_COLUMNS } from '@shared/billing/receivable-columns'
import { localDateOf } from '@shared/scheduling/local-day'
import type { Db } from '../../../db/client'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../../../errors'
import { createdChanges, recordActivity, type Actor } from '../../activity/service'
import { lockOwnedClient, requireOwnedClient } from '../../clients/service'
import { toSummary } from '../invoices/service'
import { getPaymentProvider, MANUAL_PROVIDER_ID } from './providers'
import * as repository from './repository'

// Payments and what they settle (docs/product.md#billing, ADR 0062). The database holds the rules
// (payment_allocations_within, payment_allocations_final, payment_amount_fixed in ../sql); this
// words them, and allocates so that they are never broken.

// The words for each refusal of the allocation trigger, by the constraint it raises with.
const ALLOCATION_REFUSALS: Record<string, string> = {
  payment_allocations_captured_payment: PAYMENT_MESSAGES.notCaptured,
  payment_allocations_same_client: PAYMENT_MESSAGES.otherClient,
  payment_allocations_open_invoice: PAYMENT_MESSAGES.void,
  payment_allocations_within_payment: PAYMENT_MESSAGES.beyondPayment,
  payment_allocations_within_invoice: PAYMENT_MESSAGES.beyondInvoice,
}

/** A refusal of the allocation trigger in the users' words; anything else as it was. */
function explainAllocationRefusal(error: unknown): unknown {
  const postgres = findPostgresError(error)
  const message = postgres?.code === SQLSTATE.checkViolation && postgres.constraint ? ALLOCATION_REFUSALS[postgres.constraint] : undefined
  return message ? new AppError('CONFLICT', message) : error
}

type PaymentRow = Awaited<ReturnType<typeof repository.listPayments>>[number]

function toPayment(row: PaymentRow) {
  const allocated = row.allocations.reduce((sum, allocation) => sum + BigInt(allocation.amountMinor), 0n)
  return {
    ...row,
    allocations: row.allocations.map((allocation) => ({ ...allocation, amountMinor: Number(allocation.amountMinor) })),
    unallocatedMinor: toSafeNumber(BigInt(row.amountMinor) - allocated),
  }
}

/**
 * Why an invoice listed for a payment cannot take it, or null. The order is the trigger's: the
 * client, then whether the invoice is open.
 */
function invoiceProblem(invoice: Awaited<ReturnType<typeof repository.readInvoicesForPayment>>[number], clientId: string) {
  if (invoice.clientId !== clientId) return PAYMENT_MESSAGES.otherClient
  if (invoice.kind !== 'invoice') return PAYMENT_MESSAGES.creditNote
  if (invoice.status !== 'issued') return PAYMENT_MESSAGES.draft
  if (invoice.isVoid) return PAYMENT_MESSAGES.void
  return null
}

/**
 * Records a payment in one transaction: the payment through its provider ('manual': captured at
 * once), then its allocations to the listed invoices in the order given, each up to the invoice's
 * balance; what is left is the client's credit. The invoices are held from the read of their
 * balances to the allocations, so parallel payments take turns and none over-allocates.
 */
export async function recordPayment(db: Db, organisationId: string, actor: Actor, input: RecordPaymentInput) {
  try {
    return await db.transaction(async (tx) => {
      // The lock makes a concurrent deletion of the client wait, and then find this payment.
      const client = await lockOwnedClient(tx, organisationId, input.clientId)
      const { currency } = await repository.findOrganisationClock(tx, organisationId)
      const invoiceIds = input.invoiceIds.map((id) => id.toLowerCase())
      await repository.lockInvoices(tx, organisationId, invoiceIds)
      const found = new Map((await repository.readInvoicesForPayment(tx, organisationId, invoiceIds)).map((row) => [row.id, row]))
      const listed = invoiceIds.map((id) => found.get(id))
      if (listed.some((invoice) => invoice === undefined)) throw notFound('Invoice')
      for (const invoice of listed) {
        const problem = invoiceProblem(invoice!, client.id)
        if (problem) throw new AppError('CONFLICT', problem, { invoiceIds: problem })
      }

      const provider = getPaymentProvider(MANUAL_PROVIDER_ID)
      const started = await provider.initiatePayment({
        organisationId,
        clientId: input.clientId,
        amountMinor: input.amountMinor,
        currency,
        method: input.method,
        reference: input.reference,
      })
      const paymentId = await repository.insertPayment(tx, organisationId, {
        clientId: input.clientId,
        amountMinor: input.amountMinor,
        currency,
        receivedOn: input.receivedOn,
        method: input.method,
        reference: input.reference,
        provider: provider.id,
        providerReference: started.providerReference,
        status: started.status,
        recordedBy: actor.name,
      })

      // Only money in hand settles invoices: a payment an online provider has not captured yet waits.
      let left = started.status === 'captured' ? input.amountMinor : 0
      const allocations: { invoiceId: string; amountMinor: number }[] = []
      for (const invoice of listed) {
        const balance = invoice!.totalMinor - invoice!.paidMinor
        const amountMinor = Math.min(left, balance)
        if (amountMinor <= 0) continue
        allocations.push({ invoiceId: invoice!.id, amountMinor })
        left -= amountMinor
      }
      await repository.insertAllocations(tx, organisationId, paymentId, allocations)

      const [row] = await repository.listPayments(tx, organisationId, { paymentId })
      const payment = toPayment(row!)
      await recordActivity(tx, organisationId, actor, {
        action: 'created',
        entity: 'payment',
        entityId: paymentId,
        label: `${formatMoney(input.amountMinor, currency)} from ${client.name}`,
        changes: createdChanges({
          client: client.name,
          amount: formatMoney(input.amountMinor, currency),
          receivedOn: input.receivedOn,
          method: PAYMENT_METHOD_LABELS[input.method],
          reference: input.reference,
          invoices: payment.allocations.map((allocation) => allocation.number ?? '').join(', '),
        }),
      })
      return payment
    })
  } catch (error) {
    throw explainAllocationRefusal(error)
  }
}

export async function listPayments(db: Db, organisationId: string, { clientId, before }: { clientId?: string; before?: string }) {
  if (clientId !== undefined) await requireOwnedClient(db, organisationId, clientId)
  // One more than a page, to know whether another follows.
  const rows = await repository.listPayments(
    db,
    organisationId,
    { clientId, before: before === undefined ? undefined : readPaymentCursor(before) },
    PAYMENTS_PER_PAGE + 1,
  )
  const page = rows.slice(0, PAYMENTS_PER_PAGE).map(toPayment)
  const last = page.at(-1)
  return { payments: page, nextCursor: rows.length > PAYMENTS_PER_PAGE && last ? paymentCursor(last) : null }
}

/**
 * The client's billing page: balance, credit, their invoices (newest first) and payments, read
 * in one statement (repository.readClientBilling); only the invoices' statuses are derived here,
 * by the shared rule.
 */
export async function getClientBilling(db: Db, organisationId: string, clientId: string) {
  const billing = await repository.readClientBilling(db, organisationId, clientId)
  if (!billing) throw notFound('Client')
  return {
    currency: billing.currency,
    balanceMinor: billing.balanceMinor,
    creditMinor: billing.creditMinor,
    invoices: billing.invoices.map(toSummary),
    payments: billing.payments,
  }
}

const BUCKET_FIELDS: Record<AgeBucket, keyof ReceivableSums> = {
  current: 'currentMinor',
  '1-30': 'days1to30Minor',
  '31-60': 'days31to60Minor',
  '61-90': 'days61to90Minor',
  '90+': 'over90Minor',
}

type ReceivableSums = {
  currentMinor: bigint
  days1to30Minor: bigint
  days31to60Minor: bigint
  days61to90Minor: bigint
  over90Minor: bigint
  totalMinor: bigint
  creditMinor: bigint
}

const noSums = (): ReceivableSums => ({
  currentMinor: 0n,
  days1to30Minor: 0n,
  days31to60Minor: 0n,
  days61to90Minor: 0n,
  over90Minor: 0n,
  totalMinor: 0n,
  creditMinor: 0n,
})

const toNumbers = (sums: ReceivableSums) =>
  Object.fromEntries(Object.entries(sums).map(([field, value]) => [field, toSafeNumber(value)])) as Record<keyof ReceivableSums, number>

/**
 * 'Accounts Receivable': each client with an open balance or a credit, by name, the open invoices'
 * balances bucketed by days past due on today in the organisation's zone. Summed in BigInt.
 */
export async function getReceivables(db: Db, organisationId: string) {
  const { currency, timeZone } = await repository.findOrganisationClock(db, organisationId)
  const asOf = localDateOf(new Date(), timeZone)
  const balances = await repository.listOpenBalances(db, organisationId)
  const credits = await repository.listCredits(db, organisationId)
  const byClient = new Map<string, { clientName: string; sums: ReceivableSums }>()
  const rowOf = (clientId: string, clientName: string) => {
    let row = byClient.get(clientId)
    if (!row) byClient.set(clientId, (row = { clientName, sums: noSums() }))
    return row.sums
  }
  const totals = noSums()
  for (const { clientId, clientName, dueOn, balanceMinor } of balances) {
    const field = BUCKET_FIELDS[ageBucket(dueOn, asOf)]
    const sums = rowOf(clientId, clientName)
    for (const target of [sums, totals]) {
      target[field] += BigInt(balanceMinor)
      target.totalMinor += BigInt(balanceMinor)
    }
  }
  for (const { clientId, clientName, creditMinor } of credits) {
    rowOf(clientId, clientName).creditMinor += BigInt(creditMinor)
    totals.creditMinor += BigInt(creditMinor)
  }
  const rows = [...byClient.entries()]
    .map(([clientId, { clientName, sums }]) => ({ clientId, clientName, ...toNumbers(sums) }))
    .sort((a, b) => compareNames(a.clientName, b.clientName) || a.clientId.localeCompare(b.clientId))
  return { currency, asOf, rows, totals: toNumbers(totals) }
}

// As the client list sorts them (lower(name)), the same order on every database.
function compareNames(a: string, b: string): number {
  const left = a.toLowerCase()
  const right = b.toLowerCase()
  return left < right ? -1 : left > right ? 1 : 0
}

/**
 * 'Export CSV' of Accounts Receivable: the same rows, amounts as decimals of the currency
 * ('1234.56', from the integer's digits), with a UTF-8 byte order mark so spreadsheets read the
 * names right, and formulas escaped so that a client called '=HYPERLINK(…)' stays text.
 */
export async function getReceivablesCsv(db: Db, organisationId: string) {
  const receivables = await getReceivables(db, organisationId)
  const digits = currencyDigits(receivables.currency)
  const records = receivables.rows.map((row) => [
    row.clientName,
    ...RECEIVABLE_COLUMNS.map(({ field }) => formatScaledInteger(row[field], digits)),
  ])
  const text = stringify(records, {
    header: true,
    columns: ['Client', ...RECEIVABLE_COLUMNS.map(({ csvHeader }) => csvHeader)],
    bom: true,
    escape_formulas: true,
    record_delimiter: 'windows',
  })
  return { asOf: receivables.asOf, text }
}
