import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PAYMENT_MESSAGES } from '@shared/billing/payments'
import type { ClientBilling, Payment, Receivables } from '@shared/billing/payments-responses'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { localDateOf } from '@shared/scheduling/local-day'
import { activityEntries, invoices, paymentAllocations, payments } from '../../../db/schema'
import { findPostgresError } from '../../../errors'
import { useTestApp } from '../../../test/setup'
import type { TestUser } from '../../../test/test-app'
import { testDatabaseKinds } from '../../../test/test-database'

type ErrorBody = { error: { code: string; message: string } }

describe.each(testDatabaseKinds())('payments and receivables on %s', (kind) => {
  const {
    t,
    operators: [owner, other, bookkeeper, leaving],
  } = useTestApp(kind, { operators: 4 })
  let invoiceCount = 0
  // Organisations without a facility keep their books in UTC.
  const today = () => localDateOf(new Date(), 'UTC')

  const createClient = async (user: TestUser, name: string) => {
    const response = await t.request('/api/clients', { method: 'POST', body: { name }, cookie: user.cookie })
    expect(response.status).toBe(201)
    return ((await response.json()) as { client: { id: string } }).client.id
  }

  /** An issued invoice written straight to the table, as issuing leaves one. */
  async function issuedInvoice(
    user: TestUser,
    clientId: string,
    totalMinor: number,
    { dueOn = addCalendarDays(today(), 30), status = 'issued' }: { dueOn?: string; status?: 'issued' | 'draft' } = {},
  ) {
    invoiceCount += 1
    const isIssued = status === 'issued'
    const [row] = await t.db
      .insert(invoices)
      .values({
        organisationId: await t.organisationOf(user),
        clientId,
        status,
        number: isIssued ? `2026-${String(invoiceCount).padStart(4, '0')}` : null,
        periodStart: '2026-11-01',
        periodEnd: '2026-11-30',
        timeZone: 'UTC',
        currency: 'CAD',
        subtotalMinor: totalMinor,
        taxMinor: 0,
        totalMinor,
        issuedOn: isIssued ? addCalendarDays(dueOn, -30) : null,
        dueOn: isIssued ? dueOn : null,
        issuedAt: isIssued ? new Date() : null,
        billTo: isIssued ? { name: 'Client' } : null,
      })
      .returning({ id: invoices.id, organisationId: invoices.organisationId, number: invoices.number })
    return row!
  }

  /** Voids the invoice as the invoices module does: a credit note that names it. */
  async function voidInvoice(invoice: { id: string; organisationId: string }, clientId: string, totalMinor: number) {
    invoiceCount += 1
    await t.db.insert(invoices).values({
      organisationId: invoice.organisationId,
      clientId,
      kind: 'credit_note',
      status: 'issued',
      number: `CN-2026-${String(invoiceCount).padStart(4, '0')}`,
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      timeZone: 'UTC',
      currency: 'CAD',
      subtotalMinor: -totalMinor,
      taxMinor: 0,
      totalMinor: -totalMinor,
      issuedOn: today(),
      dueOn: today(),
      issuedAt: new Date(),
      billTo: { name: 'Client' },
      voidsInvoiceId: invoice.id,
      reason: 'Billed twice',
    })
  }

  const pay = (user: TestUser, body: Record<string, unknown>) =>
    t.request('/api/payments', { method: 'POST', cookie: user.cookie, body: { receivedOn: '2026-11-20', method: 'cheque', ...body } })

  async function paid(user: TestUser, body: Record<string, unknown>) {
    const response = await pay(user, body)
    expect(response.status, await response.clone().text()).toBe(201)
    return ((await response.json()) as { payment: Payment }).payment
  }

  async function billingOf(user: TestUser, clientId: string) {
    const response = await t.request(`/api/clients/${clientId}/billing`, { cookie: user.cookie })
    expect(response.status).toBe(200)
    return (await response.json()) as ClientBilling
  }

  it('leaves a balance after a partial payment, and records it in the trail', async () => {
    const clientId = await createClient(owner, 'Partial Pucks')
    const invoice = await issuedInvoice(owner, clientId, 10_000)
    const payment = await paid(owner, { clientId, amountMinor: 4_000, invoiceIds: [invoice.id], reference: ' 1042 ' })
    expect(payment).toMatchObject({
      clientId,
      amountMinor: 4_000,
      currency: 'CAD',
      receivedOn: '2026-11-20',
      method: 'cheque',
      reference: '1042',
      provider: 'manual',
      status: 'captured',
      allocations: [{ invoiceId: invoice.id, number: invoice.number, amountMinor: 4_000 }],
      unallocatedMinor: 0,
    })
    const billing = await billingOf(owner, clientId)
    expect(billing).toMatchObject({ currency: 'CAD', balanceMinor: 6_000, creditMinor: 0 })
    expect(billing.invoices).toEqual([
      expect.objectContaining({
        id: invoice.id,
        status: 'partly_paid',
        paidMinor: 4_000,
        balanceMinor: 6_000,
        clientName: 'Partial Pucks',
      }),
    ])
    expect(billing.payments.map(({ id }) => id)).toEqual([payment.id])
    const [entry] = await t.db
      .select({ action: activityEntries.action, label: activityEntries.label })
      .from(activityEntries)
      .where(and(eq(activityEntries.entity, 'payment'), eq(activityEntries.entityId, payment.id)))
    expect(entry).toEqual({ action: 'created', label: '$40.00 from Partial Pucks' })
  })

  it('keeps an overpayment as the client’s credit', async () => {
    const clientId = await createClient(owner, 'Overpaying Owls')
    const invoice = await issuedInvoice(owner, clientId, 5_000)
    const payment = await paid(owner, { clientId, amountMinor: 8_000, invoiceIds: [invoice.id], method: 'e_transfer' })
    expect(payment.allocations).toEqual([{ invoiceId: invoice.id, number: invoice.number, amountMinor: 5_000 }])
    expect(payment.unallocatedMinor).toBe(3_000)
    const billing = await billingOf(owner, clientId)
    expect(billing).toMatchObject({ balanceMinor: -3_000, creditMinor: 3_000 })
    expect(billing.invoices[0]).toMatchObject({ status: 'paid', balanceMinor: 0 })
    // Without invoices, all of it is credit.
    const unlisted = await paid(owner, { clientId, amountMinor: 1_000, method: 'cash' })
    expect(unlisted).toMatchObject({ allocations: [], unallocatedMinor: 1_000 })
    expect(await billingOf(owner, clientId)).toMatchObject({ balanceMinor: -4_000, creditMinor: 4_000 })
  })

  it('settles several invoices with one payment, in the order listed', async () => {
    const clientId = await createClient(owner, 'Several Sabres')
    const a = await issuedInvoice(owner, clientId, 3_000)
    const b = await issuedInvoice(owner, clientId, 4_000)
    const c = await issuedInvoice(owner, clientId, 5_000)
    const payment = await paid(owner, { clientId, amountMinor: 8_000, invoiceIds: [b.id, a.id, c.id] })
    // Listed by invoice number; settled in the order given: b, a, then what is left on c.
    expect(payment.allocations).toEqual([
      { invoiceId: a.id, number: a.number, amountMinor: 3_000 },
      { invoiceId: b.id, number: b.number, amountMinor: 4_000 },
      { invoiceId: c.id, number: c.number, amountMinor: 1_000 },
    ])
    expect(payment.unallocatedMinor).toBe(0)
    const rows = await t.db
      .select({ invoiceId: paymentAllocations.invoiceId, amountMinor: paymentAllocations.amountMinor })
      .from(paymentAllocations)
      .where(eq(paymentAllocations.paymentId, payment.id))
    expect(rows).toHaveLength(3)
    expect(rows.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(8_000)
    const billing = await billingOf(owner, clientId)
    expect(Object.fromEntries(billing.invoices.map((invoice) => [invoice.id, invoice.status]))).toEqual({
      [a.id]: 'paid',
      [b.id]: 'paid',
      [c.id]: 'partly_paid',
    })
    expect(billing.balanceMinor).toBe(4_000)
  })

  it('takes several payments on one invoice, never beyond its total', async () => {
    const clientId = await createClient(owner, 'Steady Stars')
    const invoice = await issuedInvoice(owner, clientId, 10_000)
    const first = await paid(owner, { clientId, amountMinor: 3_000, invoiceIds: [invoice.id] })
    // Ids in upper case are the same ids.
    const second = await paid(owner, { clientId: clientId.toUpperCase(), amountMinor: 3_000, invoiceIds: [invoice.id.toUpperCase()] })
    const third = await paid(owner, { clientId, amountMinor: 5_000, invoiceIds: [invoice.id] })
    expect([first, second, third].map((payment) => payment.allocations[0]!.amountMinor)).toEqual([3_000, 3_000, 4_000])
    expect(third.unallocatedMinor).toBe(1_000)
    // Paid in full: a fourth payment listing it is all credit.
    const fourth = await paid(owner, { clientId, amountMinor: 500, invoiceIds: [invoice.id] })
    expect(fourth).toMatchObject({ allocations: [], unallocatedMinor: 500 })
    const list = await t.request(`/api/payments?clientId=${clientId}`, { cookie: owner.cookie })
    expect(((await list.json()) as { payments: Payment[] }).payments).toHaveLength(4)
  })

  it('lists payments a page at a time, newest received first, none skipped or twice', async () => {
    const clientId = await createClient(owner, 'Paged Pucks')
    const organisationId = await t.organisationOf(owner)
    // 250 payments over five days, many sharing a day and a creation instant.
    const createdAt = new Date('2026-11-20T12:00:00.000Z')
    await t.db.insert(payments).values(
      Array.from({ length: 250 }, (_, index) => ({
        organisationId,
        clientId,
        amountMinor: 100 + index,
        currency: 'CAD',
        receivedOn: `2026-11-${String(20 + (index % 5)).padStart(2, '0')}`,
        method: 'cash',
        createdAt,
      })),
    )
    const seen: Payment[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const response = await t.request(`/api/payments?clientId=${clientId}${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`, {
        cookie: owner.cookie,
      })
      expect(response.status).toBe(200)
      const page = (await response.json()) as { payments: Payment[]; nextCursor: string | null }
      expect(page.payments.length).toBeLessThanOrEqual(100)
      seen.push(...page.payments)
      cursor = page.nextCursor
      pages += 1
    } while (cursor)
    expect(pages).toBe(3)
    expect(new Set(seen.map((payment) => payment.id)).size).toBe(250)
    const days = seen.map((payment) => payment.receivedOn)
    expect(days).toEqual([...days].sort().reverse())
    expect((await t.request(`/api/payments?before=not-a-cursor`, { cookie: owner.cookie })).status).toBe(422)
  })

  it('refuses an invoice that cannot take a payment, and writes nothing', async () => {
    const clientId = await createClient(owner, 'Refused Rangers')
    const otherClientId = await createClient(owner, 'Someone Else')
    const draft = await issuedInvoice(owner, clientId, 1_000, { status: 'draft' })
    const voided = await issuedInvoice(owner, clientId, 1_000)
    await voidInvoice(voided, clientId, 1_000)
    const others = await issuedInvoice(owner, otherClientId, 1_000)
    const strangersClient = await createClient(other, 'Stranger')
    const strangers = await issuedInvoice(other, strangersClient, 1_000)
    const countPayments = async () => (await t.db.select({ id: payments.id }).from(payments)).length
    const before = await countPayments()
    const cases: [string[], number, string][] = [
      [[draft.id], 409, PAYMENT_MESSAGES.draft],
      [[voided.id], 409, PAYMENT_MESSAGES.void],
      [[others.id], 409, PAYMENT_MESSAGES.otherClient],
      [[strangers.id], 404, 'Invoice not found'],
      [['00000000-0000-4000-8000-000000000000'], 404, 'Invoice not found'],
    ]
    for (const [invoiceIds, status, message] of cases) {
      const response = await pay(owner, { clientId, amountMinor: 500, invoiceIds })
      expect(response.status).toBe(status)
      expect(((await response.json()) as ErrorBody).error.message).toBe(message)
    }
    // A credit note takes no payment either.
    const [creditNote] = await t.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.voidsInvoiceId, voided.id))
    const refused = await pay(owner, { clientId, amountMinor: 500, invoiceIds: [creditNote!.id] })
    expect(((await refused.json()) as ErrorBody).error.message).toBe(PAYMENT_MESSAGES.creditNote)
    // Another organisation's client is not found, like a missing one.
    expect((await pay(owner, { clientId: strangersClient, amountMinor: 500 })).status).toBe(404)
    expect((await t.request(`/api/clients/${strangersClient}/billing`, { cookie: owner.cookie })).status).toBe(404)
    expect((await t.request(`/api/payments?clientId=${strangersClient}`, { cookie: owner.cookie })).status).toBe(404)
    expect(await countPayments()).toBe(before)
  })

  it('releases a voided invoice’s allocations into credit', async () => {
    const clientId = await createClient(owner, 'Voided Vipers')
    const invoice = await issuedInvoice(owner, clientId, 5_000)
    const payment = await paid(owner, { clientId, amountMinor: 5_000, invoiceIds: [invoice.id] })
    expect(payment.unallocatedMinor).toBe(0)
    await voidInvoice(invoice, clientId, 5_000)
    const billing = await billingOf(owner, clientId)
    expect(billing).toMatchObject({ balanceMinor: -5_000, creditMinor: 5_000 })
    expect(billing.payments[0]).toMatchObject({ allocations: [], unallocatedMinor: 5_000 })
    expect(billing.invoices.find((row) => row.id === invoice.id)).toMatchObject({ status: 'void', balanceMinor: 0 })
    // The allocation itself stays in the books.
    const kept = await t.db.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, payment.id))
    expect(kept).toHaveLength(1)
  })

  it('answers the billing page in one read that agrees with the invoice and payment lists', async () => {
    const clientId = await createClient(owner, 'Ledger Lynx')
    const otherClientId = await createClient(owner, 'Not This One')
    const draft = await issuedInvoice(owner, clientId, 1_000, { status: 'draft' })
    const overdue = await issuedInvoice(owner, clientId, 2_000, { dueOn: addCalendarDays(today(), -3) })
    const partly = await issuedInvoice(owner, clientId, 3_000)
    const full = await issuedInvoice(owner, clientId, 4_000)
    const voided = await issuedInvoice(owner, clientId, 5_000)
    await issuedInvoice(owner, otherClientId, 6_000)
    await paid(owner, { clientId, amountMinor: 9_500, invoiceIds: [full.id, voided.id, partly.id], receivedOn: '2026-11-19' })
    await paid(owner, { clientId, amountMinor: 700, invoiceIds: [overdue.id] })
    await paid(owner, { clientId: otherClientId, amountMinor: 800 })
    await voidInvoice(voided, clientId, 5_000)
    // A payment not yet captured is on record but counts nowhere.
    await t.db.insert(payments).values({
      organisationId: voided.organisationId,
      clientId,
      amountMinor: 900,
      currency: 'CAD',
      receivedOn: '2026-11-21',
      method: 'card',
      status: 'pending',
    })

    const billing = await billingOf(owner, clientId)
    const list = await t.request(`/api/invoices?clientId=${clientId}`, { cookie: owner.cookie })
    expect(billing.invoices).toEqual(((await list.json()) as { invoices: unknown[] }).invoices)
    const paymentList = await t.request(`/api/payments?clientId=${clientId}`, { cookie: owner.cookie })
    expect(billing.payments).toEqual(((await paymentList.json()) as { payments: unknown[] }).payments)

    expect(
      Object.fromEntries(billing.invoices.map((invoice) => [invoice.id, [invoice.status, invoice.paidMinor, invoice.balanceMinor]])),
    ).toEqual({
      [draft.id]: ['draft', 0, 0],
      [overdue.id]: ['overdue', 700, 1_300],
      [partly.id]: ['partly_paid', 500, 2_500],
      [full.id]: ['paid', 4_000, 0],
      [voided.id]: ['void', 5_000, 0],
      [billing.invoices.find((invoice) => invoice.kind === 'credit_note')!.id]: ['issued', 0, 0],
    })
    // Issued 2,000 + 3,000 + 4,000 + 5,000 − 5,000 (the credit note), less 10,200 captured; the
    // void invoice's 5,000 is credit again.
    expect(billing).toMatchObject({ currency: 'CAD', balanceMinor: -1_200, creditMinor: 5_000 })
    expect(billing.payments.map((payment) => [payment.status, payment.unallocatedMinor])).toEqual([
      ['pending', 900],
      ['captured', 0],
      ['captured', 5_000],
    ])
  })

  it('holds the rules in the database: within the payment and the invoice, and final once written', async () => {
    const clientId = await createClient(owner, 'Trigger Titans')
    const invoice = await issuedInvoice(owner, clientId, 5_000)
    const other = await issuedInvoice(owner, clientId, 5_000)
    const payment = await paid(owner, { clientId, amountMinor: 3_000 })
    const allocate = (invoiceId: string, amountMinor: number) =>
      t.db.insert(paymentAllocations).values({ organisationId: invoice.organisationId, paymentId: payment.id, invoiceId, amountMinor })
    const refusal = async (write: Promise<unknown>) => {
      const error = await write.then(
        () => null,
        (caught: unknown) => caught,
      )
      return findPostgresError(error)?.constraint ?? 'accepted'
    }
    expect(await refusal(allocate(invoice.id, 3_001))).toBe('payment_allocations_within_payment')
    await allocate(invoice.id, 2_000)
    expect(await refusal(allocate(other.id, 1_001))).toBe('payment_allocations_within_payment')
    const second = await paid(owner, { clientId, amountMinor: 9_000 })
    expect(
      await refusal(
        t.db
          .insert(paymentAllocations)
          .values({ organisationId: invoice.organisationId, paymentId: second.id, invoiceId: invoice.id, amountMinor: 3_001 }),
      ),
    ).toBe('payment_allocations_within_invoice')
    const draft = await issuedInvoice(owner, clientId, 1_000, { status: 'draft' })
    expect(await refusal(allocate(draft.id, 100))).toBe('payment_allocations_open_invoice')
    const elsewhere = await issuedInvoice(owner, await createClient(owner, 'Elsewhere'), 1_000)
    expect(await refusal(allocate(elsewhere.id, 100))).toBe('payment_allocations_same_client')

    const owned = eq(paymentAllocations.paymentId, payment.id)
    expect(await refusal(t.db.update(paymentAllocations).set({ amountMinor: 1 }).where(owned))).toBe('payment_allocations_final')
    expect(await refusal(t.db.delete(paymentAllocations).where(owned))).toBe('payment_allocations_final')
    expect(await refusal(t.db.update(payments).set({ amountMinor: 1 }).where(eq(payments.id, payment.id)))).toBe('payment_amount_fixed')
    expect(await refusal(t.db.update(payments).set({ currency: 'USD' }).where(eq(payments.id, payment.id)))).toBe('payment_amount_fixed')
    // A provider may move its status on.
    expect(await refusal(t.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment.id)))).toBe('accepted')
    expect(await refusal(allocate(other.id, 100))).toBe('payment_allocations_captured_payment')
  })

  it('never over-allocates an invoice, whatever runs at once', async () => {
    const clientId = await createClient(owner, 'Racing Rockets')
    const invoice = await issuedInvoice(owner, clientId, 10_000)
    const paidInvoice = async (id: string) => {
      const [row] = await t.db
        .select({ sum: sql<string>`coalesce(sum(${paymentAllocations.amountMinor}), 0)` })
        .from(paymentAllocations)
        .where(eq(paymentAllocations.invoiceId, id))
      return Number(row!.sum)
    }
    // 100 payments of 2.50 through the API, each listing the invoice: 40 of them fill it.
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => pay(owner, { clientId, amountMinor: 250, invoiceIds: [invoice.id] })),
    )
    expect(answers.map((response) => response.status)).toEqual(Array(100).fill(201))
    expect(await paidInvoice(invoice.id)).toBe(10_000)
    expect(await billingOf(owner, clientId)).toMatchObject({ balanceMinor: -15_000, creditMinor: 15_000 })

    // 100 allocations straight to the table, from those payments' credit, against a new invoice:
    // the trigger lets exactly its total through.
    const next = await issuedInvoice(owner, clientId, 10_000)
    const credited = await t.db.select({ id: payments.id }).from(payments).where(eq(payments.clientId, clientId))
    const creditedIds = (
      await Promise.all(
        credited.map(async ({ id }) => {
          const [row] = await t.db
            .select({ sum: sql<string>`coalesce(sum(${paymentAllocations.amountMinor}), 0)` })
            .from(paymentAllocations)
            .where(eq(paymentAllocations.paymentId, id))
          return Number(row!.sum) === 0 ? id : null
        }),
      )
    ).filter((id): id is string => id !== null)
    expect(creditedIds).toHaveLength(60)
    const inserts = await Promise.allSettled(
      [...creditedIds, ...creditedIds]
        .slice(0, 100)
        .map((paymentId) =>
          t.db.insert(paymentAllocations).values({ organisationId: next.organisationId, paymentId, invoiceId: next.id, amountMinor: 250 }),
        ),
    )
    expect(inserts.filter((result) => result.status === 'fulfilled')).toHaveLength(40)
    for (const result of inserts) {
      if (result.status === 'rejected') {
        expect(['payment_allocations_within_invoice', 'payment_allocations_within_payment']).toContain(
          findPostgresError(result.reason)?.constraint,
        )
      }
    }
    expect(await paidInvoice(next.id)).toBe(10_000)
  }, 120_000)

  it('goes with its organisation, allocations and all', async () => {
    const clientId = await createClient(leaving, 'Leaving Lynx')
    const invoice = await issuedInvoice(leaving, clientId, 5_000)
    await voidInvoice(await issuedInvoice(leaving, clientId, 1_000), clientId, 1_000)
    await paid(leaving, { clientId, amountMinor: 7_000, invoiceIds: [invoice.id] })
    const organisationId = invoice.organisationId
    const response = await t.request('/api/organisation', { method: 'DELETE', cookie: leaving.cookie })
    expect(response.status, await response.clone().text()).toBe(204)
    expect(await t.db.select().from(payments).where(eq(payments.organisationId, organisationId))).toEqual([])
    expect(await t.db.select().from(paymentAllocations).where(eq(paymentAllocations.organisationId, organisationId))).toEqual([])
  })

  it('buckets open balances by days past due, and exports them as CSV', async () => {
    const name = '=HYPERLINK("http://example.com","Click")'
    const clientId = await createClient(bookkeeper, name)
    const plain = await createClient(bookkeeper, 'Zamboni Zone')
    const now = today()
    const due = (days: number) => addCalendarDays(now, -days)
    await issuedInvoice(bookkeeper, clientId, 100, { dueOn: addCalendarDays(now, 5) })
    await issuedInvoice(bookkeeper, clientId, 200, { dueOn: due(0) })
    await issuedInvoice(bookkeeper, clientId, 300, { dueOn: due(1) })
    await issuedInvoice(bookkeeper, clientId, 400, { dueOn: due(30) })
    await issuedInvoice(bookkeeper, clientId, 500, { dueOn: due(31) })
    await issuedInvoice(bookkeeper, clientId, 600, { dueOn: due(61) })
    await issuedInvoice(bookkeeper, clientId, 700, { dueOn: due(90) })
    const old = await issuedInvoice(bookkeeper, clientId, 123_456, { dueOn: due(91) })
    await paid(bookkeeper, { clientId, amountMinor: 56, invoiceIds: [old.id] })
    // Void and paid invoices owe nothing; the credit of a client who owes nothing still shows.
    const voided = await issuedInvoice(bookkeeper, plain, 9_999, { dueOn: due(45) })
    await voidInvoice(voided, plain, 9_999)
    const settled = await issuedInvoice(bookkeeper, plain, 1_000, { dueOn: due(45) })
    await paid(bookkeeper, { clientId: plain, amountMinor: 1_250, invoiceIds: [settled.id] })

    const response = await t.request('/api/billing/receivables', { cookie: bookkeeper.cookie })
    expect(response.status).toBe(200)
    const receivables = (await response.json()) as Receivables
    expect(receivables.asOf).toBe(now)
    expect(receivables.currency).toBe('CAD')
    expect(receivables.rows).toEqual([
      {
        clientId,
        clientName: name,
        currentMinor: 300,
        days1to30Minor: 700,
        days31to60Minor: 500,
        days61to90Minor: 1_300,
        over90Minor: 123_400,
        totalMinor: 126_200,
        creditMinor: 0,
      },
      {
        clientId: plain,
        clientName: 'Zamboni Zone',
        currentMinor: 0,
        days1to30Minor: 0,
        days31to60Minor: 0,
        days61to90Minor: 0,
        over90Minor: 0,
        totalMinor: 0,
        creditMinor: 250,
      },
    ])
    expect(receivables.totals).toMatchObject({ totalMinor: 126_200, creditMinor: 250, over90Minor: 123_400 })

    const csv = await t.request('/api/billing/receivables.csv', { cookie: bookkeeper.cookie })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="accounts-receivable-${now}.csv"`)
    const bytes = new Uint8Array(await csv.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n')
    expect(lines[0]).toBe('Client,Current,1-30,31-60,61-90,90+,Total,Credit')
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://example.com"",""Click"")",3.00,7.00,5.00,13.00,1234.00,1262.00,0.00`)
    expect(lines[2]).toBe('Zamboni Zone,0.00,0.00,0.00,0.00,0.00,0.00,2.50')
  })
})
