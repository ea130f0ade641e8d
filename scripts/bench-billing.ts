// The billing part of npm run bench (docs/benchmarks.md, 'Billing'), PostgreSQL only: a venue of
// its own with 200 clients and 10,000 bookings last month, whose month is invoiced again and again,
// and one client with two years of issued invoices, whose list is read.
import { addMonths, endOfMonth, format, startOfMonth } from 'date-fns'
import pg from 'pg'

const TIME_ZONE = 'America/Toronto'
export const BILLING_CLIENTS = 200
export const BILLING_BOOKINGS = 10_000
const SPACES = 25
const HOURS_A_DAY = 16
export const LISTED_INVOICES = 24

export type BillingVenue = {
  organisationId: string
  listClientId: string
  // Last month, the one invoiced: 'YYYY-MM-DD' days in the venue's zone.
  period: { periodStart: string; periodEnd: string }
}

const monthOf = (monthsAgo: number) => {
  const first = startOfMonth(addMonths(new Date(), -monthsAgo))
  return { periodStart: format(first, 'yyyy-MM-dd'), periodEnd: format(endOfMonth(first), 'yyyy-MM-dd') }
}

/**
 * The venue, written straight into the database in a few set-based statements, in an organisation
 * of its own that the bench's owner belongs to: 25 rinks with rates, 200 clients, 400 one-hour
 * bookings a rink last month (16 a day from 06:00 on its first 25 days, each client's in turn), and
 * one booking a month for the 24 months before for the first client.
 */
export async function seedBillingVenue(databaseUrl: string, ownerEmail: string): Promise<BillingVenue> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('begin')
    const owner = await client.query<{ id: string }>('select id from users where email = $1', [ownerEmail])
    const organisation = await client.query<{ id: string }>(`insert into organisations (name) values ('Bench Billing') returning id`)
    const organisationId = organisation.rows[0]!.id
    await client.query(`insert into memberships (organisation_id, user_id, role) values ($1, $2, 'owner')`, [
      organisationId,
      owner.rows[0]!.id,
    ])
    const facility = await client.query<{ id: string }>(
      `insert into facilities (organisation_id, name, time_zone) values ($1, 'Billing Arena', $2) returning id`,
      [organisationId, TIME_ZONE],
    )
    const facilityId = facility.rows[0]!.id
    await client.query(
      `insert into rooms (organisation_id, facility_id, name, type, operating_start_time, operating_end_time, booking_interval)
       select $1, $2, 'Billing Rink ' || lpad(n::text, 2, '0'), 'rink', '06:00', '23:30', 30 from generate_series(1, ${SPACES}) as n`,
      [organisationId, facilityId],
    )
    // The rates in force long before any booking: $300 an hour in prime time, $200 outside it.
    await client.query(
      `insert into space_rates (organisation_id, room_id, prime_rate_minor, non_prime_rate_minor, effective_from)
       select $1, id, 30000, 20000, now() - interval '5 years' from rooms where organisation_id = $1`,
      [organisationId],
    )
    await client.query(
      `insert into clients (organisation_id, name, email)
       select $1, 'Billing Club ' || lpad(n::text, 3, '0'), 'club' || n || '@example.test' from generate_series(1, ${BILLING_CLIENTS}) as n`,
      [organisationId],
    )
    const perSpace = BILLING_BOOKINGS / SPACES
    const period = monthOf(1)
    await client.query(
      `insert into schedules (organisation_id, room_id, client_id, title, start_time, end_time)
       select $1, r.id, c.id, 'Ice ' || r.n || '-' || k, s.start_time, s.start_time + interval '1 hour'
       from (select id, row_number() over (order by name) as n from rooms where organisation_id = $1) as r
       cross join generate_series(0, ${perSpace - 1}) as k
       cross join lateral (select (($2::date + k / ${HOURS_A_DAY}) + make_time(6 + k % ${HOURS_A_DAY}, 0, 0)) at time zone '${TIME_ZONE}' as start_time) as s
       join (select id, row_number() over (order by name) as n from clients where organisation_id = $1) as c
         on c.n = ((r.n - 1) * ${perSpace} + k) % ${BILLING_CLIENTS} + 1`,
      [organisationId, period.periodStart],
    )
    const listClient = await client.query<{ id: string }>(
      `select id from clients where organisation_id = $1 and name = 'Billing Club 001'`,
      [organisationId],
    )
    const listClientId = listClient.rows[0]!.id
    await client.query(
      `insert into schedules (organisation_id, room_id, client_id, title, start_time, end_time)
       select $1, (select id from rooms where organisation_id = $1 order by name limit 1), $2, 'Monthly ice ' || m,
         (date_trunc('month', now() at time zone '${TIME_ZONE}') - make_interval(months => m) + interval '9 days 10 hours') at time zone '${TIME_ZONE}',
         (date_trunc('month', now() at time zone '${TIME_ZONE}') - make_interval(months => m) + interval '9 days 11 hours') at time zone '${TIME_ZONE}'
       from generate_series(2, ${LISTED_INVOICES + 1}) as m`,
      [organisationId, listClientId],
    )
    await client.query('commit')
    await client.query('analyze')
    return { organisationId, listClientId, period }
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    await client.end()
  }
}

/** Makes `organisationId` the one the owner works in, as the switcher would; returns the one before. */
export async function switchOrganisation(databaseUrl: string, ownerEmail: string, organisationId: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const before = await client.query<{ id: string }>('select active_organisation_id as id from users where email = $1', [ownerEmail])
    await client.query('update users set active_organisation_id = $2 where email = $1', [ownerEmail, organisationId])
    return before.rows[0]!.id
  } finally {
    await client.end()
  }
}

type Json = Record<string, unknown>
async function call(origin: string, headers: Record<string, string>, method: string, path: string, body?: Json): Promise<Json> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as Json
}

/** Two years of the list client's invoices, made and issued a month at a time through the API, oldest first. */
export async function issueListedInvoices(origin: string, headers: Record<string, string>, venue: BillingVenue): Promise<void> {
  for (let monthsAgo = LISTED_INVOICES + 1; monthsAgo >= 2; monthsAgo--) {
    const made = (await call(origin, headers, 'POST', '/api/invoices/generate', {
      ...monthOf(monthsAgo),
      clientId: venue.listClientId,
    })) as {
      invoices: { id: string }[]
    }
    for (const invoice of made.invoices) await call(origin, headers, 'POST', `/api/invoices/${invoice.id}/issue`)
  }
}

export type GenerationRuns = { runs: number; seconds: number; latenciesMs: number[]; errors: number; invoicesPerRun: number }

/**
 * 'Create Invoices' for last month and every client, timed, again and again for `seconds`; between
 * runs, untimed, the drafts it made are deleted, so each run bills the 10,000 bookings afresh.
 */
export async function timeInvoiceGeneration(
  origin: string,
  headers: Record<string, string>,
  databaseUrl: string,
  venue: BillingVenue,
  seconds: number,
): Promise<GenerationRuns> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const latenciesMs: number[] = []
  let errors = 0
  let invoicesPerRun = 0
  let measured = 0
  try {
    const deadline = Date.now() + seconds * 1000
    // At least three runs, however slow, so that a median means something.
    while (Date.now() < deadline || latenciesMs.length + errors < 3) {
      await client.query(`delete from invoices where organisation_id = $1 and status = 'draft'`, [venue.organisationId])
      const started = performance.now()
      try {
        const made = (await call(origin, headers, 'POST', '/api/invoices/generate', venue.period)) as { invoices: unknown[] }
        const elapsed = performance.now() - started
        latenciesMs.push(elapsed)
        measured += elapsed
        invoicesPerRun = made.invoices.length
      } catch (error) {
        errors += 1
        if (errors === 1) console.error(error)
      }
    }
  } finally {
    await client.end()
  }
  return { runs: latenciesMs.length, seconds: measured / 1000, latenciesMs, errors, invoicesPerRun }
}
