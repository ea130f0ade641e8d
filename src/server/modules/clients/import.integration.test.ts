import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@shared/clients/import'
import { activityEntries, clients } from '../../db/schema'
import { useTestApp } from '../../test/setup'
import type { TestUser } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'

type Preview = {
  rows: Array<{ line: number; values: Record<string, unknown>; errors: string[]; match: { clientName: string; by: string } | null }>
  summary: { total: number; valid: number; invalid: number; matched: number }
  ignoredColumns: string[]
}
// Rows of its own in each of the racing imports.
const OWN_ROWS = 40

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }

describe.each(testDatabaseKinds())('Import Clients on %s', (kind) => {
  const { t, admin } = useTestApp(kind)

  const send = (user: TestUser, path: '/api/clients/import' | '/api/clients/import/preview', csv: unknown) =>
    t.request(path, { method: 'POST', cookie: user.cookie, body: { csv } })
  const preview = async (user: TestUser, csv: string) => {
    const response = await send(user, '/api/clients/import/preview', csv)
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as Preview
  }
  const namesOf = async (user: TestUser) =>
    (
      await t.db
        .select({ name: clients.name })
        .from(clients)
        .where(eq(clients.organisationId, await t.organisationOf(user)))
        .orderBy(clients.name)
    ).map(({ name }) => name)
  const addClient = (user: TestUser, body: Record<string, unknown>) =>
    t.request('/api/clients', { method: 'POST', cookie: user.cookie, body })

  it('previews each row with its file line, its errors and the client it already is, and writes nothing', async () => {
    const operator = await t.createOperator(admin)
    await addClient(operator, { name: 'Northside Jets', email: 'jets@example.com' })
    await addClient(operator, { name: 'Eastside Hawks' })
    const csv = [
      'Name,Email,Notes,Shoe size',
      'Jets Again,JETS@example.com,,',
      '"Wolves","wolves@example.com","two',
      'lines",',
      '',
      'eastside  hawks,,,',
      'Bears,not an email,,',
      'Wolves,,,',
    ].join('\r\n')
    const before = await namesOf(operator)
    const result = await preview(operator, csv)
    expect(result.rows.map(({ line, errors, match }) => ({ line, errors, match: match && `${match.by}: ${match.clientName}` }))).toEqual([
      { line: 2, errors: [], match: 'email: Northside Jets' },
      { line: 3, errors: [], match: null },
      { line: 6, errors: [], match: 'name: Eastside Hawks' },
      { line: 7, errors: ['Row 7: email is not valid'], match: null },
      { line: 8, errors: ['Row 8: name is the same as row 3'], match: null },
    ])
    expect(result.rows[1]!.values).toMatchObject({ name: 'Wolves', notes: 'two\nlines', emailConfirmations: true })
    expect(result.summary).toEqual({ total: 5, valid: 3, invalid: 2, matched: 2 })
    expect(result.ignoredColumns).toEqual(['Shoe size'])
    expect(await namesOf(operator)).toEqual(before)
  })

  it('refuses a file with one bad row and writes nothing; the fixed file imports, skipping clients it already has', async () => {
    const operator = await t.createOperator(admin)
    await addClient(operator, { name: 'Northside Jets' })
    const bad = 'Name,Email\nWolves,wolves@example.com\nBears,bears-at-example.com\nNorthside Jets,\n'
    const refused = await send(operator, '/api/clients/import', bad)
    expect(refused.status).toBe(422)
    const { error } = (await refused.json()) as ErrorBody
    expect(error.message).toBe(`${IMPORT_MESSAGES.notImported}. Row 3: email is not valid`)
    expect(error.fields).toEqual({ 'rows.3': 'Row 3: email is not valid' })
    expect(await namesOf(operator)).toEqual(['Northside Jets'])

    const imported = await send(operator, '/api/clients/import', bad.replace('bears-at-example.com', 'bears@example.com'))
    expect(imported.status).toBe(200)
    expect(await imported.json()).toEqual({ imported: 2, skipped: 1 })
    expect(await namesOf(operator)).toEqual(['Bears', 'Northside Jets', 'Wolves'])
    // Each client is on the trail as created, as one added by hand is.
    const entries = await t.db
      .select({ label: activityEntries.label, changes: activityEntries.changes })
      .from(activityEntries)
      .where(
        and(
          eq(activityEntries.organisationId, await t.organisationOf(operator)),
          eq(activityEntries.entity, 'client'),
          eq(activityEntries.action, 'created'),
        ),
      )
    expect(entries.map(({ label }) => label).sort()).toEqual(['Bears', 'Northside Jets', 'Wolves'])
    expect(entries.find(({ label }) => label === 'Bears')!.changes).toEqual({
      name: { before: null, after: 'Bears' },
      email: { before: null, after: 'bears@example.com' },
    })
    // The same file again creates nothing.
    expect(await (await send(operator, '/api/clients/import', bad.replace('bears-at-example.com', 'bears@example.com'))).json()).toEqual({
      imported: 0,
      skipped: 3,
    })
  })

  it("imports the clients export's own file: its Created and Client ID are left out, a formula's apostrophe taken off", async () => {
    const operator = await t.createOperator(admin)
    const csv =
      '\uFEFFName,Email,Phone,Secondary phone,Company,Address,City,Province/State,Postal code,Country,Website,Notes,Email confirmations,Created,Client ID\r\n' +
      `'=Jets,jets@example.com,555-0100,,Jets Inc.,1 Main St,Ottawa,ON,K1A 0B1,Canada,https://jets.example.com,"Calls first",No,2026-01-05T10:00:00.000Z,0190f0f0-0000-7000-8000-000000000001\r\n`
    expect(await (await send(operator, '/api/clients/import', csv)).json()).toEqual({ imported: 1, skipped: 0 })
    const [client] = await t.db
      .select()
      .from(clients)
      .where(eq(clients.organisationId, await t.organisationOf(operator)))
    expect(client).toMatchObject({
      name: '=Jets',
      email: 'jets@example.com',
      provinceState: 'ON',
      postalCode: 'K1A 0B1',
      website: 'https://jets.example.com',
      emailConfirmations: false,
    })
    expect(client!.id).not.toBe('0190f0f0-0000-7000-8000-000000000001')
  })

  it('imports thousands of rows in batches, and refuses a file past 10,000 rows or 2 MB, or that is not CSV', async () => {
    const operator = await t.createOperator(admin)
    const rows = (count: number) => ['Name,Email', ...Array.from({ length: count }, (_, i) => `Club ${i},club${i}@example.com`)].join('\n')
    expect(await (await send(operator, '/api/clients/import', rows(2_500))).json()).toEqual({ imported: 2_500, skipped: 0 })
    expect((await namesOf(operator)).length).toBe(2_500)

    const tooMany = await send(operator, '/api/clients/import/preview', rows(IMPORT_LIMITS.maxRows + 1))
    expect(tooMany.status).toBe(422)
    expect(((await tooMany.json()) as ErrorBody).error.message).toBe('The file has more than 10,000 rows')
    expect((await send(operator, '/api/clients/import/preview', rows(IMPORT_LIMITS.maxRows))).status).toBe(200)

    const huge = await send(operator, '/api/clients/import', `Name\n${'x'.repeat(IMPORT_LIMITS.maxBytes)}`)
    expect(huge.status).toBe(422)
    expect(((await huge.json()) as ErrorBody).error.message).toBe('The file is larger than 2 MB')
    const hugeBody = await send(operator, '/api/clients/import', '"'.repeat(IMPORT_LIMITS.maxBytes * 2))
    expect(hugeBody.status).toBe(413)
    expect(((await hugeBody.json()) as ErrorBody).error.message).toBe('The file is larger than 2 MB')

    for (const [csv, message] of [
      ['Name\n"Jets', 'Row 2: the file is not valid CSV (a quote is not closed)'],
      ['Email\njets@example.com', 'Row 1: the file has no Name column'],
      ['Name\n', IMPORT_MESSAGES.noRows],
      ['', IMPORT_MESSAGES.empty],
    ] as const) {
      const response = await send(operator, '/api/clients/import', csv)
      expect(response.status, csv).toBe(422)
      expect(((await response.json()) as ErrorBody).error.message, csv).toBe(message)
    }
    expect((await namesOf(operator)).length).toBe(2_500)
  })

  it('creates a client once when 100 imports that share it commit at the same time', async () => {
    const operator = await t.createOperator(admin)
    // Each file's own clients come first, so each import is busy writing while the others read.
    const fileOf = (i: number) => ['Name', ...Array.from({ length: OWN_ROWS }, (_, row) => `Club ${i}-${row}`), 'Shared Club'].join('\n')
    const results = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const response = await send(operator, '/api/clients/import', fileOf(i))
        expect(response.status).toBe(200)
        return (await response.json()) as { imported: number; skipped: number }
      }),
    )
    expect(results.reduce((sum, { imported }) => sum + imported, 0)).toBe(100 * OWN_ROWS + 1)
    expect(results.filter(({ skipped }) => skipped === 0)).toHaveLength(1)
    const names = await namesOf(operator)
    expect(names.filter((name) => name === 'Shared Club')).toHaveLength(1)
    expect(names).toHaveLength(100 * OWN_ROWS + 1)
    const [{ entries }] = (await t.db
      .select({ entries: count() })
      .from(activityEntries)
      .where(and(eq(activityEntries.organisationId, await t.organisationOf(operator)), eq(activityEntries.entity, 'client')))) as [
      { entries: number },
    ]
    expect(entries).toBe(100 * OWN_ROWS + 1)
  })
})
