// The exports' part of npm run bench (docs/benchmarks.md, 'Exports'), PostgreSQL only: a venue of
// its own with 500,000 bookings, exported as one events CSV while the app's memory is watched.
import { readFileSync } from 'node:fs'
import pg from 'pg'

const TIME_ZONE = 'America/Toronto'
export const EXPORT_EVENTS = 500_000
const SPACES = 20
const CLIENTS = 50
// Twelve one-hour bookings a space a day, 06:00 to 18:00: 240 a day, so 500,000 fill 2,084 days.
const HOURS_A_DAY = 12
const FIRST_DAY = '2020-01-01'
// Rows a statement: each row's triggers take locks, which the shared lock table must hold at once.
const INSERT_BATCH = 5_000
const VENUE_NAME = 'Bench Exports'

export type ExportVenue = { organisationId: string; from: string; to: string; events: number }

async function findVenue(client: pg.Client, ownerEmail: string): Promise<ExportVenue | null> {
  const { rows } = await client.query<{ id: string; events: string }>(
    `select o.id, (select count(*) from schedules s where s.organisation_id = o.id)::text as events
     from organisations o join memberships m on m.organisation_id = o.id join users u on u.id = m.user_id
     where o.name = $1 and u.email = $2`,
    [VENUE_NAME, ownerEmail],
  )
  // A run stopped while seeding leaves a venue short of its bookings (they are written in many
  // statements): it is passed over, not taken for the venue, which then was seeded on every run.
  const found = rows.find((row) => Number(row.events) === EXPORT_EVENTS)
  if (!found) return null
  return { organisationId: found.id, ...period(), events: EXPORT_EVENTS }
}

function period() {
  const days = Math.ceil(EXPORT_EVENTS / (SPACES * HOURS_A_DAY))
  const to = new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + (days - 1) * 86_400_000).toISOString().slice(0, 10)
  return { from: FIRST_DAY, to }
}

/**
 * The venue, in an organisation of its own owned by the bench owner, written in set-based
 * statements through the real triggers (local date, occupancy, charges), 5,000 rows a statement:
 * 20 rinks, 50 clients with accented names, 500,000 one-hour bookings, a game with teams every
 * fourth. Kept once made: a database that already holds it (a --seed-cache copy made after a run
 * seeded it there) is used as it is.
 */
export async function seedExportVenue(databaseUrl: string, ownerEmail: string): Promise<ExportVenue> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const existing = await findVenue(client, ownerEmail)
    if (existing) return existing
    await client.query('begin')
    const owner = await client.query<{ id: string }>('select id from users where email = $1', [ownerEmail])
    const organisationId = (await client.query<{ id: string }>('insert into organisations (name) values ($1) returning id', [VENUE_NAME]))
      .rows[0]!.id
    await client.query(`insert into memberships (organisation_id, user_id, role) values ($1, $2, 'owner')`, [
      organisationId,
      owner.rows[0]!.id,
    ])
    const facilityId = (
      await client.query<{ id: string }>(
        `insert into facilities (organisation_id, name, time_zone) values ($1, 'Aréna Export', $2) returning id`,
        [organisationId, TIME_ZONE],
      )
    ).rows[0]!.id
    const roomIds = (
      await client.query<{ id: string }>(
        `insert into rooms (organisation_id, facility_id, name, type, operating_start_time, operating_end_time, booking_interval)
         select $1, $2, 'Patinoire ' || lpad(n::text, 2, '0'), 'rink', '00:00', '00:00', 15 from generate_series(1, ${SPACES}) as n
         returning id`,
        [organisationId, facilityId],
      )
    ).rows.map((row) => row.id)
    const clientIds = (
      await client.query<{ id: string }>(
        `insert into clients (organisation_id, name, email) select $1, 'Équipe Montréal ' || n, 'club' || n || '@example.com'
         from generate_series(1, ${CLIENTS}) as n returning id`,
        [organisationId],
      )
    ).rows.map((row) => row.id)
    await client.query('commit')
    for (let first = 0; first < EXPORT_EVENTS; first += INSERT_BATCH) {
      const last = Math.min(EXPORT_EVENTS, first + INSERT_BATCH) - 1
      await client.query(
        `insert into schedules (organisation_id, room_id, client_id, title, event_type, team1_name, team2_name, start_time, end_time)
         select $1, ($2::uuid[])[1 + k % ${SPACES}], ($3::uuid[])[1 + k % ${CLIENTS}], 'Pratique ' || k,
           case when k % 4 = 0 then 'game' else 'practice' end,
           case when k % 4 = 0 then 'Les Aigles' end, case when k % 4 = 0 then 'Visiteurs' end,
           s.start_time, s.start_time + interval '1 hour'
         from generate_series(${first}, ${last}) as k
         cross join lateral (select (($4::date + (k / ${SPACES * HOURS_A_DAY})::int) + make_time(6 + (k / ${SPACES}) % ${HOURS_A_DAY}, 0, 0))
           at time zone '${TIME_ZONE}' as start_time) as s`,
        [organisationId, roomIds, clientIds, FIRST_DAY],
      )
    }
    await client.query('analyze schedules')
    return { organisationId, ...period(), events: EXPORT_EVENTS }
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
}

// The process's resident set now, in bytes, from /proc (Linux).
function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) * 1024 : 0
}

export type ExportRun = { rows: number; bytes: number; seconds: number; rssBeforeBytes: number; rssPeakBytes: number; status: number }

/**
 * One download of `url`, read to its end as a browser would save it (bytes counted, rows by their
 * line ends, nothing kept), while the app's resident set is sampled every 20 ms: its peak less
 * what it was before the request is what the export cost in memory.
 */
export async function timeExport(url: string, headers: Record<string, string>, appPid: number): Promise<ExportRun> {
  const rssBeforeBytes = residentBytes(appPid)
  let rssPeakBytes = rssBeforeBytes
  const sampler = setInterval(() => (rssPeakBytes = Math.max(rssPeakBytes, residentBytes(appPid))), 20)
  const started = performance.now()
  try {
    const response = await fetch(url, { headers })
    let bytes = 0
    let lineEnds = 0
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lineEnds += 1
    }
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    rssPeakBytes = Math.max(rssPeakBytes, residentBytes(appPid))
    // The header's line is not a row.
    return { rows: Math.max(0, lineEnds - 1), bytes, seconds, rssBeforeBytes, rssPeakBytes, status: response.status }
  } finally {
    clearInterval(sampler)
  }
}
