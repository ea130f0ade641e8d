import { invoiceStatus } from '@shared/billing/ageing'
import { priceBooking, hoursText } from '@shared/billing/pricing'
import { splitPrimeMinutes } from '@shared/billing/prime-time'
import type { BillTo, InvoiceDetail, InvoiceSummary } from '@shared/billing/responses'
import {
  BILLING_LIMITS,
  invoiceCursor,
  type GenerateInvoicesInput,
  type InvoiceDiscountInput,
  type InvoiceLineInput,
  type InvoiceListQuery,
} from '@shared/billing/schema'
import { wallClockOf, type WallClock } from '@shared/scheduling/zone-clock'
import { computeInvoiceTotals, discountFromPercent, formatTaxRate } from '@shared/billing/totals'
import type { Db, Executor, Tx } from '../../../db/client'
import { AppError, findPostgresError, notFound } from '../../../errors'
import { enqueueMail, invoiceIssuedMail } from '../../../mail'
import { recordActivity, type Actor } from '../../activity/service'
import { renderInvoicePdf } from './pdf'
import * as repository from './repository'

// Invoices and credit notes (docs/product.md#billing, ADR 0061): 'Create Invoices', draft edits,
// issue (gap-free numbers, credit applied), void (a credit note) and the reads. The database's
// triggers keep an issued document final (sql/invoices_final.sql, sql/invoice_parts_final.sql);
// the checks here only word the refusal first.

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found',
  issued: 'This invoice has been issued and can no longer be changed.',
  empty: 'Add at least one line before issuing',
  notBookingLine: 'Only a booking line is removed with a reason',
  bookingLine: 'A booking line is removed with a reason, not deleted',
  alreadyRemoved: 'This booking has already been removed from the invoice',
  lineNotFound: 'Line not found',
  voidDraft: 'Only an issued invoice can be voided. Delete the draft instead.',
  voidCreditNote: 'A credit note cannot be voided.',
  alreadyVoid: 'This invoice has already been voided.',
} as const

const invoiceNotFound = () => new AppError('NOT_FOUND', INVOICE_MESSAGES.notFound)
const issuedConflict = () => new AppError('CONFLICT', INVOICE_MESSAGES.issued)

// The triggers' refusal of a change to an issued document, worded like the check before it.
async function finalGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (findPostgresError(error)?.constraint === 'invoices_final') throw issuedConflict()
    throw error
  }
}

/* ---------- words ---------- */

const MINUS = '\u2212'

// A line's day and times on the facility's clock, as 'Mon, Jan 6' and '15:00': read for thousands of
// bookings at once, so from the zone's offset kept per quarter hour (zone-clock.ts), not a formatter.
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const twoDigits = (value: number) => String(value).padStart(2, '0')
const monthDay = (clock: WallClock) => `${MONTHS[clock.month - 1]} ${clock.day}`
const timeText = (clock: WallClock) => `${twoDigits(clock.hour)}:${twoDigits(clock.minute)}`

function bookingDescription(booking: repository.PricedBooking, minutes: number): string {
  const start = wallClockOf(booking.startTime.getTime(), booking.timeZone)
  const end = wallClockOf(booking.endTime.getTime(), booking.timeZone)
  const parts = [
    booking.roomName,
    `${WEEKDAYS[start.weekday]}, ${monthDay(start)}`,
    `${timeText(start)}–${timeText(end)}`,
    `${hoursText(minutes)} h`,
  ]
  if (booking.prepaidContract) parts.push(`Prepaid: ${booking.prepaidContract.name}`)
  else if (!booking.rate) parts.push('No rate set')
  return clip(parts.join(' · '))
}

/** 'Changed after invoice 2027-0012: Rink A, Jan 4, +0.5 h' (U+2212 for a minus). */
function adjustmentDescription(candidate: repository.AdjustmentCandidate, minutesDelta: number): string {
  const what = candidate.isCancelled ? 'Cancelled' : 'Changed'
  const roomName = candidate.now?.roomName ?? candidate.billed.roomName ?? ''
  const start = candidate.now?.startTime ?? candidate.billed.startTime
  // A cancelled booking's day on the clock of the facility it was billed in.
  const zone = candidate.now?.timeZone ?? candidate.billed.timeZone ?? 'UTC'
  const day = start ? monthDay(wallClockOf(start.getTime(), zone)) : ''
  const sign = minutesDelta > 0 ? '+' : minutesDelta < 0 ? MINUS : ''
  const where = [roomName, day].filter(Boolean).join(', ')
  return clip(`${what} after invoice ${candidate.invoiceNumber}: ${where}, ${sign}${hoursText(Math.abs(minutesDelta))} h`)
}

const clip = (text: string) =>
  text.length > BILLING_LIMITS.lineDescription ? `${text.slice(0, BILLING_LIMITS.lineDescription - 1)}…` : text

function formatNumber(kind: 'invoice' | 'credit_note', year: number, number: number) {
  return `${kind === 'credit_note' ? 'CN-' : ''}${year}-${String(number).padStart(4, '0')}`
}

/* ---------- pricing ---------- */

function priceOf(booking: repository.PricedBooking) {
  const { primeMinutes, nonPrimeMinutes } = splitPrimeMinutes(booking.startTime, booking.endTime, booking.timeZone, booking.primeTime)
  const amountMinor =
    booking.prepaidContract || !booking.rate
      ? 0
      : priceBooking({
          primeMinutes,
          nonPrimeMinutes,
          primeRateMinor: booking.rate.primeRateMinor,
          nonPrimeRateMinor: booking.rate.nonPrimeRateMinor,
        })
  return { primeMinutes, nonPrimeMinutes, amountMinor }
}

function bookingLine(booking: repository.PricedBooking): repository.NewLine {
  const { primeMinutes, nonPrimeMinutes, amountMinor } = priceOf(booking)
  return {
    kind: 'booking',
    description: bookingDescription(booking, primeMinutes + nonPrimeMinutes),
    scheduleId: booking.scheduleId,
    roomId: booking.roomId,
    roomName: booking.roomName,
    timeZone: booking.timeZone,
    startTime: booking.startTime,
    endTime: booking.endTime,
    primeMinutes,
    nonPrimeMinutes,
    primeRateMinor: booking.rate?.primeRateMinor ?? null,
    nonPrimeRateMinor: booking.rate?.nonPrimeRateMinor ?? null,
    contractId: booking.prepaidContract?.id ?? null,
    contractName: booking.prepaidContract?.name ?? null,
    amountMinor,
  }
}

/**
 * A booking changed, cancelled or moved away after its invoice was issued: the difference between
 * its price now (0 when it is gone from this client) and all it was billed. The line keeps the
 * booking as it is now (no space or times when gone), so the next run sees it adjusted.
 */
function adjustmentLine(candidate: repository.AdjustmentCandidate): repository.NewLine {
  const now = candidate.now
  const priced = now ? priceOf(now) : { primeMinutes: 0, nonPrimeMinutes: 0, amountMinor: 0 }
  const minutesDelta = priced.primeMinutes + priced.nonPrimeMinutes - candidate.billed.minutes
  return {
    kind: 'adjustment',
    description: adjustmentDescription(candidate, minutesDelta),
    scheduleId: candidate.scheduleId,
    roomId: now?.roomId ?? null,
    roomName: now?.roomName ?? candidate.billed.roomName,
    timeZone: now?.timeZone ?? null,
    startTime: now?.startTime ?? null,
    endTime: now?.endTime ?? null,
    primeMinutes: now ? priced.primeMinutes : null,
    nonPrimeMinutes: now ? priced.nonPrimeMinutes : null,
    primeRateMinor: now?.rate?.primeRateMinor ?? null,
    nonPrimeRateMinor: now?.rate?.nonPrimeRateMinor ?? null,
    minutesDelta,
    contractId: now?.prepaidContract?.id ?? null,
    contractName: now?.prepaidContract?.name ?? null,
    amountMinor: priced.amountMinor - candidate.billedTotalMinor,
  }
}

function prepaidLine(contract: repository.PrepaidCandidate): repository.NewLine {
  return {
    kind: 'prepaid',
    description: clip(`Prepaid: ${contract.name}`),
    contractId: contract.contractId,
    contractName: contract.name,
    amountMinor: contract.priceMinor,
  }
}

/** Every edit recomputes the draft's totals with the organisation's taxes now (ADR 0060). */
async function recomputeTotals(
  tx: Executor,
  organisationId: string,
  invoiceId: string,
  taxes?: { name: string; rateThousandths: number }[],
) {
  const lines = await repository.lineAmounts(tx, organisationId, invoiceId)
  const rates = taxes ?? (await repository.readBillingContext(tx, organisationId)).taxes
  const totals = computeInvoiceTotals(lines, rates)
  await repository.writeTotals(tx, organisationId, invoiceId, totals)
  return totals
}

/* ---------- Create Invoices ---------- */

/**
 * 'Create Invoices': for one client or every client with something to bill, adds to the client's
 * one draft (or makes it) the bookings of the period not billed yet, the adjustments of bookings
 * changed after their invoice was issued, and the prepaid contracts' prices. Clients with nothing
 * to bill get nothing. One transaction, set-based: the clients' rows are locked first, in one
 * order, so two runs take turns and the second sees the first's lines (a booking is never billed
 * twice); then a few queries read what to bill for all of them, and a few write every draft.
 */
export async function generateInvoices(db: Db, organisationId: string, input: GenerateInvoicesInput) {
  const { periodStart, periodEnd } = input
  const clientId = input.clientId ?? null
  return db.transaction(async (tx) => {
    const locked = await repository.lockClients(tx, organisationId, clientId)
    if (clientId !== null && locked === 0) throw notFound('Client')
    const context = await repository.readBillingContext(tx, organisationId)
    // One after another: a transaction's connection runs one query at a time.
    const prepaid = await repository.listPrepaidCandidates(tx, organisationId, clientId, periodEnd)
    const bookings = await repository.listBillableBookings(tx, organisationId, clientId, periodStart, periodEnd)
    const adjustments = await repository.listAdjustmentCandidates(tx, organisationId, clientId)
    // Each client's lines in this order: prepaid prices, the period's bookings, then adjustments.
    const linesOf = new Map<string, repository.NewLine[]>()
    const add = (id: string, line: repository.NewLine) => {
      const lines = linesOf.get(id)
      if (lines) lines.push(line)
      else linesOf.set(id, [line])
    }
    for (const contract of prepaid) add(contract.clientId, prepaidLine(contract))
    for (const booking of bookings) add(booking.clientId, bookingLine(booking))
    for (const candidate of adjustments) add(candidate.clientId, adjustmentLine(candidate))
    if (linesOf.size === 0) return { created: 0, updated: 0, invoices: [] }

    const billed = [...linesOf.keys()].sort()
    const drafts = await repository.lockDraftsOfClients(tx, organisationId, billed)
    const made = await repository.insertDrafts(
      tx,
      organisationId,
      billed.filter((id) => !drafts.has(id)),
      { periodStart, periodEnd, timeZone: context.timeZone, currency: context.currency },
    )
    await repository.widenDraftPeriods(
      tx,
      organisationId,
      [...drafts.values()].map((draft) => draft.id),
      periodStart,
      periodEnd,
    )
    const placed = billed.map((id) => {
      const draft = drafts.get(id)
      return { invoiceId: draft?.id ?? made.get(id)!, firstPosition: draft?.nextPosition ?? 0, lines: linesOf.get(id)! }
    })
    await repository.insertLinesOfMany(tx, organisationId, placed)
    const invoiceIds = placed.map((draft) => draft.invoiceId)
    await recomputeTotalsOfMany(tx, organisationId, invoiceIds, context.taxes)
    const invoices = await listSummariesByIds(tx, organisationId, invoiceIds)
    return { created: made.size, updated: drafts.size, invoices }
  })
}

/** Every draft's totals and taxes from its lines' sum, in three statements however many drafts (ADR 0060). */
async function recomputeTotalsOfMany(
  tx: Executor,
  organisationId: string,
  invoiceIds: string[],
  taxes: { name: string; rateThousandths: number }[],
) {
  const subtotals = await repository.lineSubtotals(tx, organisationId, invoiceIds)
  await repository.writeTotalsOfMany(
    tx,
    organisationId,
    invoiceIds.map((invoiceId) => ({ invoiceId, ...computeInvoiceTotals([{ amountMinor: subtotals.get(invoiceId) ?? 0 }], taxes) })),
  )
}

/* ---------- reading ---------- */

/**
 * An invoice's summary: its status by the shared rule (invoiceStatus) and what is left to pay. The
 * client's billing page reads its rows as JSON from the database, with createdAt already text.
 */
export function toSummary(row: Omit<repository.SummaryRow, 'createdAt' | 'timeZone'> & { createdAt: Date | string }): InvoiceSummary {
  const status = invoiceStatus({
    kind: row.kind,
    status: row.status,
    voided: row.voided,
    totalMinor: row.totalMinor,
    paidMinor: row.paidMinor,
    dueOn: row.dueOn,
    today: row.today,
  })
  const owes = row.kind === 'invoice' && row.status === 'issued' && !row.voided
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    clientId: row.clientId,
    clientName: row.clientName,
    status,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    currency: row.currency,
    totalMinor: row.totalMinor,
    paidMinor: row.paidMinor,
    balanceMinor: owes ? Math.max(0, row.totalMinor - row.paidMinor) : 0,
    createdAt: typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString(),
  }
}

/** The summaries of the given invoices, newest first (for the payments module and 'Create Invoices'). */
export async function listSummariesByIds(db: Executor, organisationId: string, ids: string[]) {
  const rows = await repository.listSummaries(db, organisationId, { ids }, ids.length)
  return rows.map(toSummary)
}

/** The invoice list: newest first, 50 a page, by derived status and client. */
export async function listInvoices(db: Db, organisationId: string, query: InvoiceListQuery) {
  const before = query.before ? { at: query.before.slice(0, 24), id: query.before.slice(25) } : undefined
  const rows = await repository.listSummaries(
    db,
    organisationId,
    { status: query.status, clientId: query.clientId, before },
    BILLING_LIMITS.pageSize + 1,
  )
  const page = rows.slice(0, BILLING_LIMITS.pageSize).map(toSummary)
  const last = page.at(-1)
  return { invoices: page, nextCursor: rows.length > BILLING_LIMITS.pageSize && last ? invoiceCursor(last) : null }
}

async function readDetail(db: Executor, organisationId: string, invoiceId: string): Promise<InvoiceDetail> {
  const detail = await repository.findDetail(db, organisationId, invoiceId)
  if (!detail) throw invoiceNotFound()
  let billTo = detail.billTo as BillTo | null
  if (!billTo) {
    const { id: _, ...client } = (await repository.findClient(db, organisationId, detail.summary.clientId))!
    billTo = client
  }
  return {
    ...toSummary(detail.summary),
    subtotalMinor: detail.subtotalMinor,
    taxMinor: detail.taxMinor,
    taxes: detail.taxes,
    lines: detail.lines.map((line) => ({
      ...line,
      startTime: line.startTime?.toISOString() ?? null,
      endTime: line.endTime?.toISOString() ?? null,
    })),
    billTo,
    voidsInvoice: detail.voidsInvoice,
    voidedBy: detail.voidedBy,
    reason: detail.reason,
    payments: detail.payments,
    organisationName: detail.organisationName,
    notes: detail.notes,
  }
}

export function getInvoice(db: Db, organisationId: string, invoiceId: string) {
  return readDetail(db, organisationId, invoiceId)
}

/** The PDF of an invoice or credit note; a draft's carries 'DRAFT' across it. */
export async function invoicePdf(db: Db, organisationId: string, invoiceId: string) {
  const invoice = await readDetail(db, organisationId, invoiceId)
  return { filename: pdfFilename(invoice), content: await renderInvoicePdf(invoice) }
}

function pdfFilename(invoice: Pick<InvoiceDetail, 'kind' | 'number'>) {
  return `${invoice.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${invoice.number ?? 'draft'}.pdf`
}

/* ---------- draft edits ---------- */

/** The invoice held for an edit: not found unless the organisation's, a conflict unless a draft. */
async function lockDraft(tx: Executor, organisationId: string, invoiceId: string) {
  const invoice = await repository.lockInvoice(tx, organisationId, invoiceId)
  if (!invoice) throw invoiceNotFound()
  if (invoice.status !== 'draft') throw issuedConflict()
  return invoice
}

function editDraft(db: Db, organisationId: string, invoiceId: string, edit: (tx: Tx) => Promise<void>) {
  return finalGuard(() =>
    db.transaction(async (tx) => {
      await lockDraft(tx, organisationId, invoiceId)
      await edit(tx)
      await recomputeTotals(tx, organisationId, invoiceId)
      return readDetail(tx, organisationId, invoiceId)
    }),
  )
}

export function addLine(db: Db, organisationId: string, invoiceId: string, input: InvoiceLineInput) {
  return editDraft(db, organisationId, invoiceId, async (tx) => {
    const position = await repository.nextPosition(tx, organisationId, invoiceId)
    await repository.insertLines(tx, organisationId, invoiceId, position, [{ kind: 'custom', ...input }])
  })
}

/** 'Add Discount': a percentage of the other lines' subtotal, or an amount; negative either way. */
export function addDiscount(db: Db, organisationId: string, invoiceId: string, input: InvoiceDiscountInput) {
  return editDraft(db, organisationId, invoiceId, async (tx) => {
    let amountMinor: number
    let description = input.description
    if (input.percentThousandths !== null) {
      const lines = await repository.lineAmounts(tx, organisationId, invoiceId)
      const subtotal = lines.filter((line) => line.kind !== 'discount').reduce((sum, line) => sum + line.amountMinor, 0)
      amountMinor = discountFromPercent(subtotal, input.percentThousandths)
      description ??= `Discount ${formatTaxRate(input.percentThousandths)}`
    } else {
      amountMinor = -input.amountMinor!
      description ??= 'Discount'
    }
    const position = await repository.nextPosition(tx, organisationId, invoiceId)
    await repository.insertLines(tx, organisationId, invoiceId, position, [{ kind: 'discount', description, amountMinor }])
  })
}

/** 'Remove' a booking from a draft: it bills 0 with the reason, and is never billed or adjusted again. */
export function removeBookingLine(db: Db, organisationId: string, invoiceId: string, lineId: string, reason: string) {
  return editDraft(db, organisationId, invoiceId, async (tx) => {
    const line = await repository.findLine(tx, organisationId, invoiceId, lineId)
    if (!line) throw notFound('Line')
    if (line.kind !== 'booking') throw new AppError('CONFLICT', INVOICE_MESSAGES.notBookingLine)
    if (line.removedReason !== null) throw new AppError('CONFLICT', INVOICE_MESSAGES.alreadyRemoved)
    await repository.removeBookingLine(tx, organisationId, lineId, reason)
  })
}

/** Deletes a custom, discount, prepaid or adjustment line; the next 'Create Invoices' adds a prepaid or adjustment line again. */
export function deleteLine(db: Db, organisationId: string, invoiceId: string, lineId: string) {
  return editDraft(db, organisationId, invoiceId, async (tx) => {
    const line = await repository.findLine(tx, organisationId, invoiceId, lineId)
    if (!line) throw notFound('Line')
    if (line.kind === 'booking') throw new AppError('CONFLICT', INVOICE_MESSAGES.bookingLine)
    await repository.deleteLine(tx, organisationId, lineId)
  })
}

/** Deletes a draft; its bookings become billable again. */
export async function deleteDraft(db: Db, organisationId: string, invoiceId: string) {
  await finalGuard(() =>
    db.transaction(async (tx) => {
      await lockDraft(tx, organisationId, invoiceId)
      await repository.deleteDraft(tx, organisationId, invoiceId)
    }),
  )
}

/* ---------- issuing and voiding ---------- */

function billToOf(client: repository.ClientDetails): BillTo {
  const { id: _, ...billTo } = client
  return billTo
}

/** The document's email with its PDF, to the client's address; false when the client has none. */
async function enqueueDocumentMail(tx: Tx, organisationId: string, invoice: InvoiceDetail, amountDueMinor: number) {
  const to = invoice.billTo.email
  if (!to) return false
  await enqueueMail(
    tx,
    invoiceIssuedMail({
      organisationId,
      organisationName: invoice.organisationName,
      to,
      clientName: invoice.billTo.name,
      kind: invoice.kind,
      invoiceId: invoice.id,
      number: invoice.number!,
      voidsNumber: invoice.voidsInvoice?.number ?? null,
      currency: invoice.currency,
      totalMinor: invoice.totalMinor,
      amountDueMinor,
      dueOn: invoice.dueOn,
      pdf: await renderInvoicePdf(invoice),
    }),
  )
  return true
}

/**
 * Issue: the draft's totals with today's taxes, the next number of the year (gap-free: the
 * counter's row is held until commit), the client's details frozen, the client's credit applied
 * oldest payment first, then the email with its PDF, all in one transaction.
 */
export function issueInvoice(db: Db, organisationId: string, actor: Actor, invoiceId: string) {
  return finalGuard(() =>
    db.transaction(async (tx) => {
      const invoice = await lockDraft(tx, organisationId, invoiceId)
      const lines = await repository.lineAmounts(tx, organisationId, invoiceId)
      if (lines.length === 0) throw new AppError('VALIDATION', INVOICE_MESSAGES.empty)
      const context = await repository.readBillingContext(tx, organisationId)
      const totals = computeInvoiceTotals(lines, context.taxes)
      await repository.writeTotals(tx, organisationId, invoiceId, totals)
      const client = (await repository.findClient(tx, organisationId, invoice.clientId))!
      const { today, year } = await repository.todayIn(tx, invoice.timeZone)
      const number = formatNumber('invoice', year, await repository.takeNextNumber(tx, organisationId, 'invoice', year))
      await repository.markIssued(tx, organisationId, invoiceId, {
        number,
        issuedOn: today,
        paymentTermsDays: context.paymentTermsDays,
        billTo: billToOf(client),
      })
      // The client's credit (what their payments have left) settles the new invoice first.
      let left = totals.totalMinor
      const allocations: { paymentId: string; amountMinor: number }[] = []
      for (const payment of left > 0 ? await repository.lockAvailableCredit(tx, organisationId, invoice.clientId) : []) {
        if (left <= 0) break
        const amountMinor = Math.min(left, payment.availableMinor)
        allocations.push({ paymentId: payment.paymentId, amountMinor })
        left -= amountMinor
      }
      await repository.insertAllocations(tx, organisationId, invoiceId, allocations)
      const issued = await readDetail(tx, organisationId, invoiceId)
      const emailed = await enqueueDocumentMail(tx, organisationId, issued, issued.balanceMinor)
      await recordActivity(tx, organisationId, actor, {
        action: 'issued',
        entity: 'invoice',
        entityId: invoiceId,
        label: number,
        changes: {
          client: { before: null, after: client.name },
          total: { before: null, after: totals.totalMinor },
          currency: { before: null, after: invoice.currency },
        },
      })
      return { invoice: issued, emailed }
    }),
  )
}

/**
 * Void: a credit note, issued at once, that negates the invoice's lines, taxes and totals and
 * names it. The invoice itself is untouched; it reads as Void, and its bookings are billable again.
 */
export function voidInvoice(db: Db, organisationId: string, actor: Actor, invoiceId: string, reason: string) {
  return finalGuard(() =>
    db.transaction(async (tx) => {
      const invoice = await repository.lockInvoice(tx, organisationId, invoiceId)
      if (!invoice) throw invoiceNotFound()
      if (invoice.kind === 'credit_note') throw new AppError('CONFLICT', INVOICE_MESSAGES.voidCreditNote)
      if (invoice.status === 'draft') throw new AppError('CONFLICT', INVOICE_MESSAGES.voidDraft)
      if (invoice.voided) throw new AppError('CONFLICT', INVOICE_MESSAGES.alreadyVoid)
      const negate = (value: number) => (value === 0 ? 0 : -value)
      const creditNoteId = await repository.insertCreditNoteDraft(tx, organisationId, invoiceId, {
        reason,
        totals: {
          subtotalMinor: negate(invoice.subtotalMinor),
          taxMinor: negate(invoice.taxMinor),
          totalMinor: negate(invoice.totalMinor),
        },
      })
      const client = (await repository.findClient(tx, organisationId, invoice.clientId))!
      const { today, year } = await repository.todayIn(tx, invoice.timeZone)
      const number = formatNumber('credit_note', year, await repository.takeNextNumber(tx, organisationId, 'credit_note', year))
      await repository.markIssued(tx, organisationId, creditNoteId, {
        number,
        issuedOn: today,
        paymentTermsDays: 0,
        billTo: billToOf(client),
      })
      const creditNote = await readDetail(tx, organisationId, creditNoteId)
      const emailed = await enqueueDocumentMail(tx, organisationId, creditNote, 0)
      await recordActivity(tx, organisationId, actor, {
        action: 'voided',
        entity: 'invoice',
        entityId: invoiceId,
        label: invoice.number!,
        changes: { creditNote: { before: null, after: number }, reason: { before: null, after: reason } },
      })
      return { invoice: creditNote, emailed }
    }),
  )
}
