import { describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import type { InvoiceDetail, InvoiceSummary } from '@shared/billing/responses'
import {
  clients,
  contracts,
  invoiceLines,
  invoiceTaxes,
  invoices,
  organisations,
  outboxAttachments,
  outboxMessages,
} from '../../../db/schema'
import { readPdfText } from '../../../test/pdf-text'
import { errorOf, expectJson } from '../../../test/responses'
import { useTestApp } from '../../../test/setup'
import { OPEN_AROUND_THE_CLOCK, type TestUser } from '../../../test/test-app'
import { testDatabaseKinds } from '../../../test/test-database'

type Generated = { created: number; updated: number; invoices: InvoiceSummary[] }
type ApiEvent = {
  id: string
  clientId: string | null
  title: string
  color: string
  eventType: string
  startTime: string
  endTime: string
  version: number
}

// Invoices (docs/product.md#billing, ADR 0061): 'Create Invoices' prices each booking at the rate
// in force when it was booked, split at prime time; issuing numbers without gaps; an issued
// invoice is final in the database; voiding issues a credit note.
describe.each(testDatabaseKinds())('invoices on %s', (kind) => {
  const {
    t,
    operators: [operator, other],
  } = useTestApp(kind, { operators: 2 })

  const request = (method: string, path: string, body?: unknown, user: TestUser = operator) =>
    t.request(path, { method, body, cookie: user.cookie })

  /** A facility in UTC (prime time 16:00–22:00 on weekdays), two spaces, and two clients. */
  const createVenue = async (user: TestUser = operator) => {
    const { facility } = await expectJson<{ facility: { id: string } }>(
      await request('POST', '/api/facilities', { name: 'Lakeshore Arena', timeZone: 'UTC' }, user),
      201,
    )
    const space = async (name: string) =>
      (
        await expectJson<{ room: { id: string } }>(
          await request('POST', `/api/facilities/${facility.id}/rooms`, { name, type: 'rink', ...OPEN_AROUND_THE_CLOCK }, user),
          201,
        )
      ).room.id
    const client = async (name: string, email: string | null = null) =>
      (await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name, email }, user), 201)).client.id
    return {
      facilityId: facility.id,
      rinkA: await space('Rink A'),
      rinkB: await space('Rink B'),
      jets: await client('Jets', 'jets@example.com'),
      sharks: await client('Sharks'),
    }
  }

  const book = async (roomId: string, clientId: string, date: string, startTime: string, durationMinutes: number) =>
    (
      await expectJson<{ events: ApiEvent[] }>(
        await request('POST', '/api/events', { roomId, clientId, date, startTime, durationMinutes, title: 'Practice' }),
        201,
      )
    ).events[0]!

  const edit = (event: ApiEvent, changes: Record<string, unknown>) =>
    request('PUT', `/api/events/${event.id}`, {
      clientId: event.clientId,
      title: event.title,
      color: event.color,
      eventType: event.eventType,
      startTime: event.startTime,
      endTime: event.endTime,
      version: event.version,
      ...changes,
    })

  const setRate = async (roomId: string, primeRateMinor: number, nonPrimeRateMinor: number) =>
    expectJson(await request('PUT', `/api/rooms/${roomId}/rates`, { primeRateMinor, nonPrimeRateMinor }), 200)

  const generate = async (periodStart: string, periodEnd: string, clientId?: string, user: TestUser = operator) =>
    expectJson<Generated>(await request('POST', '/api/invoices/generate', { periodStart, periodEnd, clientId }, user), 200)

  const detail = async (id: string) =>
    (await expectJson<{ invoice: InvoiceDetail }>(await request('GET', `/api/invoices/${id}`), 200)).invoice

  const issue = async (id: string) =>
    expectJson<{ invoice: InvoiceDetail; emailed: boolean }>(await request('POST', `/api/invoices/${id}/issue`), 200)

  it('bills each booking of the period once, split at prime time, at the rate in force when it was booked', async () => {
    const venue = await createVenue()
    await expectJson(
      await request('PUT', '/api/billing/settings', {
        currency: 'CAD',
        paymentTermsDays: 30,
        taxes: [{ name: 'HST', rateThousandths: 13000 }],
      }),
      200,
    )
    await setRate(venue.rinkA, 10000, 6000)
    // Monday 15:00–17:00: one hour outside prime time, one inside.
    const monday = await book(venue.rinkA, venue.jets, '2031-01-06', '15:00', 120)
    // The client's own rate for Rink B overrides the space's.
    await setRate(venue.rinkB, 20000, 20000)
    await expectJson(
      await request('PUT', `/api/clients/${venue.jets}/rates/${venue.rinkB}`, { primeRateMinor: 5000, nonPrimeRateMinor: 5000 }),
      200,
    )
    await book(venue.rinkB, venue.jets, '2031-01-07', '10:00', 90)
    // A rate changed after booking does not change the line.
    await setRate(venue.rinkA, 99900, 99900)
    // Outside the period: not billed.
    await book(venue.rinkA, venue.jets, '2031-02-03', '10:00', 60)

    const first = await generate('2031-01-01', '2031-01-31')
    expect([first.created, first.updated]).toEqual([1, 0])
    const invoice = await detail(first.invoices[0]!.id)
    expect(invoice.status).toBe('draft')
    expect(invoice.lines.map((line) => [line.kind, line.description, line.amountMinor])).toEqual([
      ['booking', 'Rink A · Mon, Jan 6 · 15:00–17:00 · 2 h', 16000],
      ['booking', 'Rink B · Tue, Jan 7 · 10:00–11:30 · 1.5 h', 7500],
    ])
    expect(invoice.lines[0]).toMatchObject({
      scheduleId: monday.id,
      primeMinutes: 60,
      nonPrimeMinutes: 60,
      primeRateMinor: 10000,
      nonPrimeRateMinor: 6000,
    })
    expect(invoice.subtotalMinor).toBe(23500)
    expect(invoice.taxes).toEqual([{ name: 'HST', rateThousandths: 13000, amountMinor: 3055 }])
    expect(invoice.totalMinor).toBe(26555)

    // Running it again bills nothing twice.
    const again = await generate('2031-01-01', '2031-01-31')
    expect([again.created, again.updated]).toEqual([0, 0])
    expect((await detail(invoice.id)).lines).toHaveLength(2)

    // A wider period adds to the same draft.
    const wider = await generate('2031-01-01', '2031-02-28')
    expect([wider.created, wider.updated]).toEqual([0, 1])
    const widened = await detail(invoice.id)
    expect(widened.lines).toHaveLength(3)
    expect([widened.periodStart, widened.periodEnd]).toEqual(['2031-01-01', '2031-02-28'])
  })

  it('bills a prepaid contract once and its bookings at 0, and a space without a rate at 0', async () => {
    const venue = await createVenue()
    const { contract } = await expectJson<{ contract: { id: string } }>(
      await request('POST', '/api/contracts', { clientId: venue.sharks, name: 'Season Pass', startDate: '2031-01-01', totalHours: 20 }),
      201,
    )
    await t.db.update(contracts).set({ prepaidPriceMinor: 250000 }).where(eq(contracts.id, contract.id))
    await setRate(venue.rinkA, 10000, 10000)
    await book(venue.rinkA, venue.sharks, '2031-01-08', '10:00', 60)
    const {
      invoices: [draft],
    } = await generate('2031-01-01', '2031-01-31', venue.sharks)
    const invoice = await detail(draft!.id)
    expect(invoice.lines.map((line) => [line.kind, line.description, line.amountMinor, line.contractName])).toEqual([
      ['prepaid', 'Prepaid: Season Pass', 250000, 'Season Pass'],
      ['booking', 'Rink A · Wed, Jan 8 · 10:00–11:00 · 1 h · Prepaid: Season Pass', 0, 'Season Pass'],
    ])
    // A second run in the next month bills the price no more.
    await book(venue.rinkB, venue.jets, '2031-02-05', '10:00', 60)
    const february = await generate('2031-02-01', '2031-02-28')
    expect(february.invoices.map((row) => row.clientId)).toEqual([venue.jets])
    const jets = await detail(february.invoices[0]!.id)
    expect(jets.lines.map((line) => [line.description, line.amountMinor])).toEqual([
      ['Rink B · Wed, Feb 5 · 10:00–11:00 · 1 h · No rate set', 0],
    ])
  })

  it('carries changes after issue to the next draft as adjustments, never for a removed line', async () => {
    const venue = await createVenue()
    await setRate(venue.rinkA, 6000, 6000)
    await setRate(venue.rinkB, 6000, 6000)
    const longer = await book(venue.rinkA, venue.jets, '2031-01-04', '10:00', 60)
    const cancelled = await book(venue.rinkA, venue.jets, '2031-01-05', '10:00', 90)
    const moved = await book(venue.rinkA, venue.jets, '2031-01-06', '10:00', 60)
    const removed = await book(venue.rinkA, venue.jets, '2031-01-07', '10:00', 60)
    const {
      invoices: [draft],
    } = await generate('2031-01-01', '2031-01-31')
    const removedLine = (await detail(draft!.id)).lines.find((line) => line.scheduleId === removed.id)!
    const afterRemove = await expectJson<{ invoice: InvoiceDetail }>(
      await request('POST', `/api/invoices/${draft!.id}/lines/${removedLine.id}/remove`, { reason: 'Ice was unusable' }),
      200,
    )
    expect(afterRemove.invoice.subtotalMinor).toBe(6000 + 9000 + 6000)
    const { invoice: issued } = await issue(draft!.id)
    const number = issued.number!
    expect(number).toMatch(/^\d{4}-0001$/)

    await expectJson(await edit(longer, { endTime: '2031-01-04T11:30:00.000Z' }), 200)
    expect((await request('DELETE', `/api/events/${cancelled.id}`)).status).toBe(204)
    await expectJson(await edit(moved, { clientId: venue.sharks }), 200)
    await expectJson(await edit(removed, { endTime: '2031-01-07T12:00:00.000Z' }), 200)

    const next = await generate('2031-02-01', '2031-02-28', venue.jets)
    const adjustments = await detail(next.invoices[0]!.id)
    expect(adjustments.lines.map((line) => [line.kind, line.description, line.amountMinor, line.minutesDelta])).toEqual([
      ['adjustment', `Changed after invoice ${number}: Rink A, Jan 4, +0.5 h`, 3000, 30],
      ['adjustment', `Cancelled after invoice ${number}: Rink A, Jan 5, \u22121.5 h`, -9000, -90],
      ['adjustment', `Changed after invoice ${number}: Rink A, Jan 6, \u22121 h`, -6000, -60],
    ])
    // Adjusted once: running it again adds nothing.
    const again = await generate('2031-02-01', '2031-02-28', venue.jets)
    expect(again.updated).toBe(0)
    // The moved booking is the other client's now.
    const sharks = await generate('2031-01-01', '2031-01-31', venue.sharks)
    expect((await detail(sharks.invoices[0]!.id)).lines.map((line) => line.scheduleId)).toEqual([moved.id])
  })

  it('refuses to change an issued invoice, in the service and in the database, and still deletes the organisation', async () => {
    const venue = await createVenue(other)
    await expectJson(
      await request(
        'PUT',
        '/api/billing/settings',
        { currency: 'CAD', paymentTermsDays: 14, taxes: [{ name: 'GST', rateThousandths: 5000 }] },
        other,
      ),
      200,
    )
    await book_(other, venue.rinkA, venue.jets)
    const {
      invoices: [draft],
    } = await generate('2031-03-01', '2031-03-31', undefined, other)
    expect((await request('POST', `/api/invoices/${draft!.id}/issue`, undefined, other)).status).toBe(200)
    // Another organisation's invoice is not found.
    expect((await errorOf(await request('GET', `/api/invoices/${draft!.id}`))).message).toBe('Invoice not found')

    const refused = await request('POST', `/api/invoices/${draft!.id}/lines`, { description: 'Late fee', amountMinor: 500 }, other)
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).message).toBe('This invoice has been issued and can no longer be changed.')
    expect((await request('DELETE', `/api/invoices/${draft!.id}`, undefined, other)).status).toBe(409)

    const refusedBy = async (statement: Promise<unknown>) =>
      expect(statement).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: 'invoices_final' }) })
    await refusedBy(t.db.update(invoices).set({ notes: 'changed' }).where(eq(invoices.id, draft!.id)))
    await refusedBy(t.db.delete(invoices).where(eq(invoices.id, draft!.id)))
    await refusedBy(t.db.update(invoiceLines).set({ amountMinor: 1 }).where(eq(invoiceLines.invoiceId, draft!.id)))
    await refusedBy(t.db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, draft!.id)))
    await refusedBy(t.db.update(invoiceTaxes).set({ amountMinor: 1 }).where(eq(invoiceTaxes.invoiceId, draft!.id)))
    await refusedBy(t.db.delete(invoiceTaxes).where(eq(invoiceTaxes.invoiceId, draft!.id)))
    await refusedBy(
      t.db.insert(invoiceLines).values({
        organisationId: (await t.organisationOf(other))!,
        invoiceId: draft!.id,
        position: 9,
        kind: 'custom',
        description: 'x',
        amountMinor: 1,
      }),
    )
    // A draft cannot be marked issued with totals that are not its lines'.
    const {
      invoices: [second],
    } = await generate('2031-04-01', '2031-04-30', undefined, other)
    await refusedBy(
      t.db
        .execute(sql`update invoices set status = 'issued', number = 'X-1', issued_on = '2031-04-30', due_on = '2031-04-30', issued_at = now(),
        bill_to = '{}'::jsonb, subtotal_minor = 1, total_minor = 1 + tax_minor where id = ${second!.id}`),
    )

    const organisationId = await t.organisationOf(other)
    await t.db.delete(organisations).where(eq(organisations.id, organisationId))
    expect(await t.db.select().from(invoices).where(eq(invoices.organisationId, organisationId))).toEqual([])
  })

  const book_ = async (user: TestUser, roomId: string, clientId: string) => {
    await expectJson(await request('PUT', `/api/rooms/${roomId}/rates`, { primeRateMinor: 10000, nonPrimeRateMinor: 10000 }, user), 200)
    for (const date of ['2031-03-03', '2031-04-07']) {
      await expectJson(
        await request('POST', '/api/events', { roomId, clientId, date, startTime: '10:00', durationMinutes: 60, title: 'Practice' }, user),
        201,
      )
    }
  }

  it('voids an issued invoice with a credit note, and its bookings can be billed again', async () => {
    const venue = await createVenue()
    await setRate(venue.rinkA, 10000, 10000)
    const booking = await book(venue.rinkA, venue.jets, '2031-05-05', '10:00', 60)
    const {
      invoices: [draft],
    } = await generate('2031-05-01', '2031-05-31', venue.jets)
    const { invoice, emailed } = await issue(draft!.id)
    expect(emailed).toBe(true)

    // The email is in the outbox with the PDF.
    const [message] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.businessKey, `invoice_issued:${invoice.id}`))
    expect(message).toMatchObject({ kind: 'invoice_issued', recipient: 'jets@example.com' })
    expect(message!.subject).toMatch(new RegExp(`^Invoice ${invoice.number} from `))
    expect(message!.textBody).toContain('Amount due:')
    const [attachment] = await t.db.select().from(outboxAttachments).where(eq(outboxAttachments.messageId, message!.id))
    expect(attachment!.contentType).toBe('application/pdf')
    expect(Buffer.from(attachment!.content).subarray(0, 4).toString()).toBe('%PDF')
    // The Mail page names the file and its size.
    const mail = await expectJson<{ messages: { id: string; attachments: { filename: string; contentType: string; bytes: number }[] }[] }>(
      await request('GET', '/api/mail'),
      200,
    )
    expect(mail.messages.find((listed) => listed.id === message!.id)!.attachments).toEqual([
      { filename: attachment!.filename, contentType: 'application/pdf', bytes: Buffer.from(attachment!.content).length },
    ])
    const pdf = await request('GET', `/api/invoices/${invoice.id}/pdf`)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF')

    const voided = await expectJson<{ invoice: InvoiceDetail; emailed: boolean }>(
      await request('POST', `/api/invoices/${invoice.id}/void`, { reason: 'Billed to the wrong team' }),
      200,
    )
    const creditNote = voided.invoice
    expect(creditNote.kind).toBe('credit_note')
    expect(creditNote.number).toMatch(/^CN-\d{4}-0001$/)
    expect([creditNote.subtotalMinor, creditNote.totalMinor]).toEqual([-invoice.subtotalMinor, -invoice.totalMinor])
    expect(creditNote.lines[0]!.description).toBe(`Credit for invoice ${invoice.number}: ${invoice.lines[0]!.description}`)
    expect(creditNote.voidsInvoice).toEqual({ id: invoice.id, number: invoice.number })
    const after = await detail(invoice.id)
    expect(after.status).toBe('void')
    expect(after.voidedBy).toEqual({ id: creditNote.id, number: creditNote.number })
    expect((await errorOf(await request('POST', `/api/invoices/${invoice.id}/void`, { reason: 'Again' }))).message).toBe(
      'This invoice has already been voided.',
    )

    const rebilled = await generate('2031-05-01', '2031-05-31', venue.jets)
    expect((await detail(rebilled.invoices[0]!.id)).lines.map((line) => line.scheduleId)).toEqual([booking.id])
  })

  it('numbers 100 invoices issued at once without a gap or a duplicate', async () => {
    const organisationId = await t.organisationOf(operator)
    const made = await t.db
      .insert(clients)
      .values(Array.from({ length: 100 }, (_, index) => ({ organisationId, name: `Team ${index}` })))
      .returning({ id: clients.id })
    const drafts = await t.db
      .insert(invoices)
      .values(
        made.map(({ id }) => ({
          organisationId,
          clientId: id,
          periodStart: '2031-06-01',
          periodEnd: '2031-06-30',
          timeZone: 'UTC',
          currency: 'CAD',
        })),
      )
      .returning({ id: invoices.id })
    await t.db
      .insert(invoiceLines)
      .values(
        drafts.map(({ id }) => ({ organisationId, invoiceId: id, position: 0, kind: 'custom', description: 'Ice', amountMinor: 1000 })),
      )
    const before = await t.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.organisationId, organisationId), eq(invoices.kind, 'invoice'), sql`${invoices.number} is not null`))
    const answers = await Promise.all(drafts.map(({ id }) => request('POST', `/api/invoices/${id}/issue`)))
    expect(answers.map((answer) => answer.status)).toEqual(drafts.map(() => 200))
    const year = new Date().getUTCFullYear()
    const numbers = (
      await t.db
        .select({ number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.organisationId, organisationId), eq(invoices.kind, 'invoice')))
    )
      .map((row) => row.number)
      .filter((number): number is string => number !== null)
      .sort()
    const expected = Array.from({ length: before.length + 100 }, (_, index) => `${year}-${String(index + 1).padStart(4, '0')}`)
    // Earlier tests issued in 2031's zone year too: every number of this year, from 0001, once.
    expect(numbers.filter((number) => number.startsWith(`${year}-`))).toEqual(expected)
  })

  it('issues a draft that 99 edits race exactly as the edits that came before it left it, and takes none after', async () => {
    const organisationId = await t.organisationOf(operator)
    const [client] = await t.db.insert(clients).values({ organisationId, name: 'Racing Club' }).returning({ id: clients.id })
    const [draft] = await t.db
      .insert(invoices)
      .values({
        organisationId,
        clientId: client!.id,
        periodStart: '2031-08-01',
        periodEnd: '2031-08-31',
        timeZone: 'UTC',
        currency: 'CAD',
      })
      .returning({ id: invoices.id })
    await t.db
      .insert(invoiceLines)
      .values({ organisationId, invoiceId: draft!.id, position: 0, kind: 'custom', description: 'Ice', amountMinor: 10000 })
    // The issue in the middle of 99 lines being added, each a cent more than the last.
    const calls = Array.from({ length: 100 }, (_, index) =>
      index === 50
        ? request('POST', `/api/invoices/${draft!.id}/issue`)
        : request('POST', `/api/invoices/${draft!.id}/lines`, { description: `Extra ${index}`, amountMinor: 100 + index }),
    )
    const answers = await Promise.all(calls)
    expect(answers[50]!.status).toBe(200)
    const edits = answers.filter((_, index) => index !== 50)
    for (const answer of edits) expect([200, 409]).toContain(answer.status)
    const landed = edits.filter((answer) => answer.status === 200).length
    for (const refused of edits.filter((answer) => answer.status === 409))
      expect((await errorOf(refused)).message).toBe('This invoice has been issued and can no longer be changed.')

    const issued = await detail(draft!.id)
    expect(issued.status).toBe('issued')
    expect(issued.lines).toHaveLength(1 + landed)
    expect(issued.subtotalMinor).toBe(issued.lines.reduce((sum, line) => sum + line.amountMinor, 0))
    // After the issue, no edit of any kind changes it.
    const lineId = issued.lines[0]!.id
    const late = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        [
          () => request('POST', `/api/invoices/${draft!.id}/lines`, { description: 'Late', amountMinor: 1 }),
          () => request('POST', `/api/invoices/${draft!.id}/discount`, { percentThousandths: 10000 }),
          () => request('DELETE', `/api/invoices/${draft!.id}/lines/${lineId}`),
          () => request('DELETE', `/api/invoices/${draft!.id}`),
        ][index % 4]!(),
      ),
    )
    for (const answer of late) expect(answer.status).toBe(409)
    expect(await detail(draft!.id)).toEqual(issued)
  })

  it('never bills a booking twice when Create Invoices runs for a client at once', async () => {
    const venue = await createVenue()
    await setRate(venue.rinkA, 1000, 1000)
    for (const day of ['10', '11', '12', '13']) await book(venue.rinkA, venue.sharks, `2031-07-${day}`, '09:00', 60)
    // A hundred runs at once, for the one client and for all clients.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        request('POST', '/api/invoices/generate', {
          periodStart: '2031-07-01',
          periodEnd: '2031-07-31',
          clientId: index % 2 === 0 ? venue.sharks : undefined,
        }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    const lines = await t.db
      .select({ scheduleId: invoiceLines.scheduleId })
      .from(invoiceLines)
      .innerJoin(invoices, and(eq(invoices.organisationId, invoiceLines.organisationId), eq(invoices.id, invoiceLines.invoiceId)))
      .where(eq(invoices.clientId, venue.sharks))
    expect(lines).toHaveLength(4)
    expect(new Set(lines.map((line) => line.scheduleId)).size).toBe(4)
  })

  it("prints the client's and the space's names and the currency in the PDF as typed", async () => {
    const venue = await createVenue()
    await expectJson(await request('PUT', '/api/billing/settings', { currency: 'INR', paymentTermsDays: 30, taxes: [] }), 200)
    const { room } = await expectJson<{ room: { id: string } }>(
      await request('POST', `/api/facilities/${venue.facilityId}/rooms`, { name: 'Ζήτα Rink', type: 'rink', ...OPEN_AROUND_THE_CLOCK }),
      201,
    )
    const { client } = await expectJson<{ client: { id: string } }>(await request('POST', '/api/clients', { name: 'Łódź Hockey' }), 201)
    await setRate(room.id, 10000, 10000)
    await book(room.id, client.id, '2031-06-02', '10:00', 60)
    const {
      invoices: [draft],
    } = await generate('2031-06-01', '2031-06-30', client.id)

    const pdf = await request('GET', `/api/invoices/${draft!.id}/pdf`)
    expect(pdf.status).toBe(200)
    const { lines } = readPdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(lines).toEqual(expect.arrayContaining(['Łódź Hockey', 'Ζήτα Rink · Mon, Jun 2 · 10:00–11:00 · 1 h', '₹100.00']))
  })

  it('answers a bad period with the field', async () => {
    const answer = await request('POST', '/api/invoices/generate', { periodStart: '2031-02-01', periodEnd: '2031-01-01' })
    expect(answer.status).toBe(422)
    expect((await errorOf(answer)).fields).toEqual({ periodEnd: 'The period must end on or after its first day' })
  })
})
