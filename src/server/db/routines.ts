import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'

// Every SQL function and trigger of the database, one file each, next to the code that relies on
// it (ADR 0053). A file holds one function, named as the file, with CREATE OR REPLACE FUNCTION,
// and the triggers that run it, each as DROP TRIGGER IF EXISTS then CREATE TRIGGER, so applying it
// again changes nothing. The numbered migrations keep tables, constraints and data changes.
//
// The migrator applies a file whenever its text changes, after the numbered migrations, in this
// order: a file comes after every file it needs at creation (an SQL-language function's body is
// checked against the functions it calls; a trigger needs its function, which its own file has).
// PL/pgSQL bodies are only checked when they run, so their order among themselves is free.
//
// To remove a routine, take its file out of this list and drop the function (and so its triggers)
// in a numbered migration: routines.integration.test.ts fails while a function or trigger of a
// fresh database has no file here.
export const ROUTINE_FILES: readonly string[] = [
  // Teams and invitations (src/server/modules/team).
  'modules/team/sql/role_may_invite.sql',
  'modules/team/sql/role_rank.sql',
  'modules/team/sql/withdraw_invitations_of.sql',
  'modules/team/sql/memberships_withdraw_invitations.sql',
  'modules/team/sql/memberships_keep_an_owner.sql',
  'modules/team/sql/memberships_delete_empty_organisation.sql',
  'modules/team/sql/invitations_inviter_may_invite.sql',
  'modules/team/sql/invitations_accept_while_inviter_may_invite.sql',
  // Accounts.
  'auth/sql/users_bootstrap_first_admin.sql',
  'modules/admin/sql/users_revoked_stays_revoked.sql',
  // The activity trail.
  'modules/activity/sql/activity_entries_immutable.sql',
  'modules/activity/sql/activity_entries_no_truncate.sql',
  // Spaces, screens and contracts.
  'modules/facilities/sql/rooms_tree.sql',
  'modules/screens/sql/screens_reserve_board_address.sql',
  'modules/contracts/sql/contract_usage_applies.sql',
  // Invoices (src/server/modules/billing/invoices, ADR 0061): an issued invoice, its lines and taxes are final.
  'modules/billing/sql/invoices_final.sql',
  'modules/billing/sql/invoice_parts_final.sql',
  // Payments (src/server/modules/billing/payments, ADR 0062): allocations within their payment and invoice, and final.
  'modules/billing/sql/payment_allocations_within.sql',
  'modules/billing/sql/payment_allocations_final.sql',
  'modules/billing/sql/payment_amount_fixed.sql',
  // Who hears of a change (src/server/realtime).
  'realtime/sql/room_change_listeners.sql',
  'realtime/sql/announce_schedule_change.sql',
  'realtime/sql/notify_board_change.sql',
  'realtime/sql/notify_closure_change.sql',
  // What the calendar feeds cached in each instance hear of (src/server/modules/feeds, ADR 0059).
  'modules/feeds/sql/announce_feed_bookings.sql',
  'modules/feeds/sql/announce_feed_names.sql',
  'modules/feeds/sql/announce_feed_change.sql',
  // Bookings: what they occupy, and their activity entries.
  'booking/routines/booking_title.sql',
  'booking/routines/booking_occurrences.sql',
  'booking/routines/booking_created_changes.sql',
  'booking/routines/record_booking_activity.sql',
  'booking/routines/record_series_activity.sql',
  'booking/routines/schedules_wall_minutes.sql',
  'booking/routines/schedules_placed.sql',
  'booking/routines/schedules_version.sql',
  'booking/routines/schedules_occupy.sql',
  'booking/routines/schedules_hold_change_rooms.sql',
  'booking/routines/rooms_reoccupy.sql',
  'booking/routines/closures_take_spaces.sql',
  'booking/routines/schedules_roll_up.sql',
  'booking/routines/facilities_redate_events.sql',
  'booking/routines/booking_requests_drop_hold.sql',
]

const serverFolder = fileURLToPath(new URL('../', import.meta.url))

export type Routine = { name: string; file: string; text: string; hash: string }

// The routines in their order. `files` are relative to src/server; a test may pass its own.
export function readRoutines(files: readonly string[] = ROUTINE_FILES, folder = serverFolder): Routine[] {
  return files.map((file) => {
    const text = readFileSync(`${folder}${file}`, 'utf8')
    return { name: basename(file, '.sql'), file, text, hash: createHash('sha256').update(text).digest('hex') }
  })
}

// One connection, PGlite's or a PostgreSQL client's: exec may run many statements in one text.
export type RoutineSession = {
  exec: (text: string) => Promise<unknown>
  rows: <T>(text: string, params?: unknown[]) => Promise<T[]>
}

// The routines whose file was applied, by name, with the hash of the text applied last. Kept with
// the numbered migrations' own table (drizzle.__drizzle_migrations), out of the app's schema.
const APPLIED_TABLE = 'drizzle.fieldhouse_routines'

/**
 * Applies every routine whose text differs from the one last applied, in the list's order, in one
 * transaction: the database holds either all of this release's routines or none of the changes.
 * Returns the names applied. The caller holds the migration lock (migrate.ts).
 */
export async function applyRoutines(session: RoutineSession, routines: Routine[] = readRoutines()): Promise<string[]> {
  await session.exec(
    `create schema if not exists drizzle;
     create table if not exists ${APPLIED_TABLE} (name text primary key, hash text not null, applied_at timestamptz not null default now())`,
  )
  const applied = new Map(
    (await session.rows<{ name: string; hash: string }>(`select name, hash from ${APPLIED_TABLE}`)).map((row) => [row.name, row.hash]),
  )
  const changed = routines.filter((routine) => applied.get(routine.name) !== routine.hash)
  const gone = [...applied.keys()].filter((name) => !routines.some((routine) => routine.name === name))
  if (changed.length === 0 && gone.length === 0) return []
  await session.exec('begin')
  try {
    for (const routine of changed) {
      try {
        await session.exec(routine.text)
      } catch (error) {
        throw new Error(`The routine ${routine.file} could not be applied: ${(error as Error).message}`, { cause: error })
      }
      await session.rows(
        `insert into ${APPLIED_TABLE} (name, hash) values ($1, $2)
         on conflict (name) do update set hash = excluded.hash, applied_at = now()`,
        [routine.name, routine.hash],
      )
    }
    // A name no longer listed: its function was dropped by a migration, and should it come back,
    // its file is applied again.
    if (gone.length > 0) await session.rows(`delete from ${APPLIED_TABLE} where name = any($1)`, [gone])
    await session.exec('commit')
  } catch (error) {
    await session.exec('rollback')
    throw error
  }
  return changed.map((routine) => routine.name)
}
