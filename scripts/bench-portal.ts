// The renters' part of npm run bench (docs/benchmarks.md, 'Renters'), PostgreSQL only: a venue of
// its own with a 40-space facility whose spaces accept requests, one client with 2,000 bookings
// and its renter, and 100 renters waiting for the same ice, who race to claim each offer.
import { randomUUID } from 'node:crypto'
import { addDays, format } from 'date-fns'
import pg from 'pg'

const TIME_ZONE = 'America/Toronto'
export const PORTAL_SPACES = 40
export const RENTER_BOOKINGS = 2_000
export const RACERS = 100
// Races run in a facility of their own, one offer after another, each on an hour of its own.
const RACE_SPACES = 4

export type PortalVenue = {
  organisationId: string
  facilityId: string
  // The day whose free slots are read: 'YYYY-MM-DD' in the venue's zone, a month ahead.
  day: string
  // A space of the 40, for the one-space read.
  roomId: string
  renter: { email: string; clientId: string }
  racers: { email: string; clientId: string }[]
  raceRoomIds: string[]
  raceDay: string
}

/**
 * The venue, written straight into the database in a few set-based statements, in an organisation
 * of its own. The renters' accounts share the bench owner's password hash, so they sign in with
 * its password; they are portal accounts, as a portal invitation makes them.
 * - 40 rinks open 06:00–24:00 that accept requests, each with six bookings on the read day (every
 *   third hour from 06:00), so its free slots are many short runs, as a busy Saturday's are;
 * - a client with 2,000 one-hour bookings (1,000 past, 1,000 to come) on a space of another
 *   facility, and its renter;
 * - 100 clients, each with a renter waiting for the whole of the race day on each race space.
 */
export async function seedPortalVenue(databaseUrl: string, ownerEmail: string): Promise<PortalVenue> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('begin')
    const owner = await client.query<{ id: string; password: string }>(
      `select u.id, a.password from users u join accounts a on a.user_id = u.id and a.provider_id = 'credential' where u.email = $1`,
      [ownerEmail],
    )
    const { id: ownerId, password } = owner.rows[0]!
    const organisation = await client.query<{ id: string }>(`insert into organisations (name) values ('Bench Portal') returning id`)
    const organisationId = organisation.rows[0]!.id
    await client.query(`insert into memberships (organisation_id, user_id, role) values ($1, $2, 'owner')`, [organisationId, ownerId])
    const facilityOf = async (name: string) =>
      (
        await client.query<{ id: string }>(`insert into facilities (organisation_id, name, time_zone) values ($1, $2, $3) returning id`, [
          organisationId,
          name,
          TIME_ZONE,
        ])
      ).rows[0]!.id
    const facilityId = await facilityOf('Portal Arena')
    const homeFacilityId = await facilityOf('Portal Home Rink')
    const raceFacilityId = await facilityOf('Portal Race Rink')
    const spaces = async (facility: string, prefix: string, count: number, acceptsRequests = true) =>
      (
        await client.query<{ id: string }>(
          `insert into rooms (organisation_id, facility_id, name, type, operating_start_time, operating_end_time, booking_interval, accepts_requests)
           select $1, $2, $3 || lpad(n::text, 2, '0'), 'rink', '06:00', '00:00', 30, $4 from generate_series(1, ${count}) as n
           returning id`,
          [organisationId, facility, prefix, acceptsRequests],
        )
      ).rows.map((row) => row.id)
    const roomIds = await spaces(facilityId, 'Portal Rink ', PORTAL_SPACES)
    const [homeRoomId] = await spaces(homeFacilityId, 'Home Rink ', 1)
    // A claim there books at once (no request to answer), as most venues will set it.
    const raceRoomIds = await spaces(raceFacilityId, 'Race Rink ', RACE_SPACES, false)
    const makeClient = async (name: string) =>
      (
        await client.query<{ id: string }>(`insert into clients (organisation_id, name) values ($1, $2) returning id`, [
          organisationId,
          name,
        ])
      ).rows[0]!.id
    const busyClientId = await makeClient('Portal Busy Club')
    const day = format(addDays(new Date(), 30), 'yyyy-MM-dd')
    const raceDay = format(addDays(new Date(), 45), 'yyyy-MM-dd')
    // Six bookings a rink on the read day: 06:00, 09:00, … 21:00, an hour each.
    await client.query(
      `insert into schedules (organisation_id, room_id, client_id, title, start_time, end_time)
       select $1, r.id, $2, 'Busy ' || k, s.start_time, s.start_time + interval '1 hour'
       from unnest($3::uuid[]) as r(id)
       cross join generate_series(0, 5) as k
       cross join lateral (select ($4::date + make_time(6 + 3 * k, 0, 0)) at time zone '${TIME_ZONE}' as start_time) as s`,
      [organisationId, busyClientId, roomIds, day],
    )
    // The renter's client: 2,000 one-hour bookings at 07:00, half before today and half after.
    const renterClientId = await makeClient('Portal Renter Club')
    await client.query(
      `insert into schedules (organisation_id, room_id, client_id, title, start_time, end_time)
       select $1, $2, $3, 'Practice ' || k, s.start_time, s.start_time + interval '1 hour'
       from generate_series(0, ${RENTER_BOOKINGS - 1}) as k
       cross join lateral (select ((current_date - ${RENTER_BOOKINGS / 2} + k) + time '07:00') at time zone '${TIME_ZONE}' as start_time) as s`,
      [organisationId, homeRoomId, renterClientId],
    )
    const makeRenter = async (email: string, clientId: string) => {
      const userId = randomUUID()
      await client.query(`insert into users (id, name, email, email_verified, portal_only) values ($1, $2, $3, true, true)`, [
        userId,
        email.split('@')[0],
        email,
      ])
      await client.query(`insert into accounts (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`, [
        randomUUID(),
        userId,
        password,
      ])
      await client.query(`insert into client_renters (organisation_id, client_id, user_id) values ($1, $2, $3)`, [
        organisationId,
        clientId,
        userId,
      ])
      return userId
    }
    await makeRenter('renter@portal.bench', renterClientId)
    const racers: PortalVenue['racers'] = []
    for (let index = 1; index <= RACERS; index++) {
      const clientId = await makeClient(`Racing Club ${String(index).padStart(3, '0')}`)
      const email = `racer${index}@portal.bench`
      const userId = await makeRenter(email, clientId)
      for (const roomId of raceRoomIds) {
        await client.query(
          `insert into waitlist_entries (organisation_id, client_id, room_id, user_id, local_date, from_time, to_time)
           values ($1, $2, $3, $4, $5, '06:00', '00:00')`,
          [organisationId, clientId, roomId, userId, raceDay],
        )
      }
      racers.push({ email, clientId })
    }
    await client.query('commit')
    await client.query('analyze')
    return {
      organisationId,
      facilityId,
      day,
      roomId: roomIds[0]!,
      renter: { email: 'renter@portal.bench', clientId: renterClientId },
      racers,
      raceRoomIds,
      raceDay,
    }
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    await client.end()
  }
}

/** Signs the account in through the API, as the portal's /auth does; its session cookie. */
export async function signInAs(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`)
  return response.headers
    .getSetCookie()
    .find((value) => value.includes('session_token='))!
    .split(';')[0]!
}

export type ClaimRaces = { races: number; latenciesMs: number[]; settleMs: number[]; oneWinnerEach: boolean; errors: number }

/**
 * Claim races, one after another for `seconds` (at least three): each makes one offer of an hour
 * on a race space to all 100 waiting renters, written as the release would write it, then sends
 * their 100 claims at once. Every claim's latency is kept, and whether exactly one won.
 */
export async function timeClaimRaces(
  origin: string,
  databaseUrl: string,
  venue: PortalVenue,
  cookies: string[],
  seconds: number,
): Promise<ClaimRaces> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const latenciesMs: number[] = []
  const settleMs: number[] = []
  let oneWinnerEach = true
  let errors = 0
  let races = 0
  try {
    const deadline = Date.now() + seconds * 1000
    while (Date.now() < deadline || races < 3) {
      // 18 hours a race space and day: the races after the first 72 move to later days.
      const slot = races % (18 * RACE_SPACES)
      const roomId = venue.raceRoomIds[slot % RACE_SPACES]!
      const hour = 6 + Math.floor(slot / RACE_SPACES)
      const day = format(addDays(new Date(`${venue.raceDay}T12:00:00Z`), Math.floor(races / (18 * RACE_SPACES))), 'yyyy-MM-dd')
      if (day !== venue.raceDay) {
        await client.query(`update waitlist_entries set local_date = $2 where organisation_id = $1`, [venue.organisationId, day])
      }
      const offer = await client.query<{ id: string }>(
        `insert into waitlist_offers (organisation_id, room_id, start_time, end_time)
         values ($1, $2, ($3::date + make_time($4, 0, 0)) at time zone '${TIME_ZONE}', ($3::date + make_time($4 + 1, 0, 0)) at time zone '${TIME_ZONE}')
         returning id`,
        [venue.organisationId, roomId, day, hour],
      )
      const offerId = offer.rows[0]!.id
      await client.query(
        `insert into waitlist_offer_recipients (organisation_id, offer_id, entry_id)
         select organisation_id, $2, id from waitlist_entries where organisation_id = $1 and room_id = $3`,
        [venue.organisationId, offerId, roomId],
      )
      const started = performance.now()
      const answers = await Promise.all(
        cookies.map(async (cookie, index) => {
          const sent = performance.now()
          const response = await fetch(`${origin}/api/portal/offers/${offerId}/claim`, {
            method: 'POST',
            headers: { cookie, origin, 'content-type': 'application/json' },
            body: JSON.stringify({ clientId: venue.racers[index]!.clientId }),
          })
          await response.arrayBuffer()
          latenciesMs.push(performance.now() - sent)
          return response.status
        }),
      )
      settleMs.push(performance.now() - started)
      const won = answers.filter((status) => status === 201).length
      const lost = answers.filter((status) => status === 409).length
      if (won !== 1 || lost !== cookies.length - 1) {
        oneWinnerEach = false
        errors += answers.length - lost - Math.min(won, 1)
      }
      races += 1
    }
  } finally {
    await client.end()
  }
  return { races, latenciesMs, settleMs, oneWinnerEach, errors }
}
