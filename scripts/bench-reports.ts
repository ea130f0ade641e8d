// The reports' part of npm run bench (docs/benchmarks.md, 'Reports'), PostgreSQL only: two venues
// of their own, each a facility of 40 rinks. One holds 50,000 bookings in the reported year; the
// other 500,000 over the ten years up to and including it. Both are read as a year's report.
import pg from 'pg'

const TIME_ZONE = 'America/Toronto'
const SPACES = 40
const CLIENTS = 50
// 137 bookings a day (about 3.4 a rink, 90 minutes each): 50,005 in a year of 365 days.
const BOOKINGS_A_DAY = 137
export const REPORT_YEAR = { from: '2026-01-01', to: '2026-12-31' }
// The triggers lock per row written: larger statements outgrow max_locks_per_transaction.
const INSERT_BATCH = 10_000

export type ReportVenue = { organisationId: string; facilityId: string; events: number }

// Renamed when the seed changes, so that a cached copy seeds the new venue rather than reuse the old.
const venueName = (years: number) => `Bench Reports ${years}y, contract ice`

function eventsOf(years: number): number {
  // The years before the reported one end on 2025-12-31.
  const firstDay = Date.UTC(2026 - years + 1, 0, 1)
  const days = Math.round((Date.UTC(2027, 0, 1) - firstDay) / 86_400_000)
  return days * BOOKINGS_A_DAY
}

async function findVenue(client: pg.Client, ownerEmail: string, years: number): Promise<ReportVenue | null> {
  const { rows } = await client.query<{ id: string; facility_id: string; events: string }>(
    `select o.id, (select f.id from facilities f where f.organisation_id = o.id limit 1) as facility_id,
       (select count(*) from schedules s where s.organisation_id = o.id)::text as events
     from organisations o join memberships m on m.organisation_id = o.id join users u on u.id = m.user_id
     where o.name = $1 and u.email = $2`,
    [venueName(years), ownerEmail],
  )
  const found = rows[0]
  if (!found || Number(found.events) !== eventsOf(years)) return null
  return { organisationId: found.id, facilityId: found.facility_id, events: Number(found.events) }
}

/**
 * A venue of `years` years of bookings ending with the reported year, in an organisation of its
 * own owned by the bench owner, written in set-based statements through the real triggers (local
 * date, occupancy, changeover), 10,000 rows a statement: 40 rinks open 06:00–24:00 with a
 * 10-minute changeover, 50 clients, 137 bookings of 90 minutes a day, each slot a club's all year.
 * Kept once made: a database that already holds it (a --seed-cache copy) is used as it is.
 */
export async function seedReportVenue(databaseUrl: string, ownerEmail: string, years: number): Promise<ReportVenue> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const existing = await findVenue(client, ownerEmail, years)
    if (existing) return existing
    await client.query('begin')
    const owner = await client.query<{ id: string }>('select id from users where email = $1', [ownerEmail])
    const organisationId = (
      await client.query<{ id: string }>('insert into organisations (name) values ($1) returning id', [venueName(years)])
    ).rows[0]!.id
    await client.query(`insert into memberships (organisation_id, user_id, role) values ($1, $2, 'owner')`, [
      organisationId,
      owner.rows[0]!.id,
    ])
    const facilityId = (
      await client.query<{ id: string }>(
        `insert into facilities (organisation_id, name, time_zone) values ($1, 'Report Arena', $2) returning id`,
        [organisationId, TIME_ZONE],
      )
    ).rows[0]!.id
    const roomIds = (
      await client.query<{ id: string }>(
        `insert into rooms (organisation_id, facility_id, name, type, operating_start_time, operating_end_time, booking_interval, changeover_minutes)
         select $1, $2, 'Rink ' || lpad(n::text, 2, '0'), 'rink', '06:00', '00:00', 30, 10 from generate_series(1, ${SPACES}) as n
         returning id`,
        [organisationId, facilityId],
      )
    ).rows.map((row) => row.id)
    const clientIds = (
      await client.query<{ id: string }>(
        `insert into clients (organisation_id, name) select $1, 'Report Club ' || n from generate_series(1, ${CLIENTS}) as n returning id`,
        [organisationId],
      )
    ).rows.map((row) => row.id)
    await client.query('commit')
    const firstDay = `${2026 - years + 1}-01-01`
    const events = eventsOf(years)
    // Booking k: day k / 137; its rink k % 40; its slot of the day (k % 137) / 40, four hours
    // apart from 07:00, shifted by the rink so the hours differ; 90 minutes. Its client is the
    // slot's, (k % 137) % 50, all year: contract ice, each club's slots the same every week.
    for (let first = 0; first < events; first += INSERT_BATCH) {
      const last = Math.min(events, first + INSERT_BATCH) - 1
      await client.query(
        `insert into schedules (organisation_id, room_id, client_id, title, start_time, end_time)
         select $1, ($2::uuid[])[1 + (k % ${BOOKINGS_A_DAY}) % ${SPACES}], ($3::uuid[])[1 + (k % ${BOOKINGS_A_DAY}) % ${CLIENTS}], 'Ice ' || k,
           s.start_time, s.start_time + interval '90 minutes'
         from generate_series(${first}, ${last}) as k
         cross join lateral (select (($4::date + (k / ${BOOKINGS_A_DAY})::int)
             + make_time(7 + 4 * ((k % ${BOOKINGS_A_DAY}) / ${SPACES}) + ((k % ${BOOKINGS_A_DAY}) % 3), 0, 0))
           at time zone '${TIME_ZONE}' as start_time) as s`,
        [organisationId, roomIds, clientIds, firstDay],
      )
    }
    await client.query('analyze schedules')
    await client.query('vacuum (analyze) schedules').catch(() => undefined)
    // The roll-up took one update a booking; vacuumed, as autovacuum would have done by now.
    await client.query('vacuum (analyze) booking_month_shapes').catch(() => undefined)
    return { organisationId, facilityId, events }
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
}
