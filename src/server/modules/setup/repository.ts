import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { clients, facilities, rooms, screens, setupRuns } from '../../db/schema'

export type SetupRun = typeof setupRuns.$inferSelect

// Every list joins the run row of its organisation on organisation_id, so a row can only ever
// appear in its own organisation's wizard, and a row deleted since simply drops out.

export async function findUnfinishedRun(db: Executor, organisationId: string) {
  const [row] = await db
    .select()
    .from(setupRuns)
    .where(and(eq(setupRuns.organisationId, organisationId), isNull(setupRuns.completedAt)))
  return row ?? null
}

/**
 * Holds the run until the transaction ends, so two submissions of one step cannot both find it
 * undone. The facility row is held too: deleting it takes the run with it (cascade), and taking
 * both here, in one statement, keeps that delete and this step from waiting on each other.
 */
export async function lockUnfinishedRun(db: Executor, organisationId: string) {
  const [row] = await db
    .select({ run: setupRuns })
    .from(setupRuns)
    .innerJoin(facilities, and(eq(facilities.organisationId, setupRuns.organisationId), eq(facilities.id, setupRuns.facilityId)))
    .where(and(eq(setupRuns.organisationId, organisationId), isNull(setupRuns.completedAt)))
    .for('no key update', { of: [setupRuns, facilities] })
  return row?.run ?? null
}

/** A new run, or a finished one started afresh; null while an unfinished run exists. */
export async function startRun(db: Executor, organisationId: string, facilityId: string) {
  const fresh = { facilityId, spaceIds: [], changeRoomIds: [], screenIds: [], clientId: null, skippedSteps: [], completedAt: null }
  const [row] = await db
    .insert(setupRuns)
    .values({ organisationId, ...fresh })
    .onConflictDoUpdate({
      target: setupRuns.organisationId,
      set: { ...fresh, createdAt: sql`now()` },
      setWhere: sql`${setupRuns.completedAt} is not null`,
    })
    .returning()
  return row ?? null
}

export async function updateRun(
  db: Executor,
  organisationId: string,
  changes: Partial<Pick<SetupRun, 'spaceIds' | 'changeRoomIds' | 'screenIds' | 'clientId' | 'skippedSteps' | 'completedAt'>>,
) {
  const [row] = await db.update(setupRuns).set(changes).where(eq(setupRuns.organisationId, organisationId)).returning()
  return row!
}

export async function findRunFacility(db: Executor, run: SetupRun) {
  const [row] = await db
    .select({
      id: facilities.id,
      name: facilities.name,
      address: facilities.address,
      description: facilities.description,
      timeZone: facilities.timeZone,
    })
    .from(facilities)
    .where(and(eq(facilities.id, run.facilityId), eq(facilities.organisationId, run.organisationId)))
  return row ?? null
}

const roomIdColumns = { spaces: setupRuns.spaceIds, changeRooms: setupRuns.changeRoomIds }

/** The rooms one step of the run created, in the order it created them. */
export function listRunRooms(db: Executor, organisationId: string, step: keyof typeof roomIdColumns) {
  const column = roomIdColumns[step]
  return db
    .select({ id: rooms.id, name: rooms.name, type: rooms.type, capacity: rooms.capacity })
    .from(setupRuns)
    .innerJoin(
      rooms,
      and(
        eq(rooms.organisationId, setupRuns.organisationId),
        eq(rooms.facilityId, setupRuns.facilityId),
        sql`${rooms.id} = any(${column})`,
      ),
    )
    .where(eq(setupRuns.organisationId, organisationId))
    .orderBy(sql`array_position(${column}, ${rooms.id})`)
}

export function listRunScreens(db: Executor, organisationId: string) {
  return db
    .select({ id: screens.id, name: screens.name, location: screens.location, size: screens.size, slug: screens.slug })
    .from(setupRuns)
    .innerJoin(screens, and(eq(screens.organisationId, setupRuns.organisationId), sql`${screens.id} = any(${setupRuns.screenIds})`))
    .where(eq(setupRuns.organisationId, organisationId))
    .orderBy(sql`array_position(${setupRuns.screenIds}, ${screens.id})`)
}

export async function findRunClient(db: Executor, run: SetupRun) {
  if (!run.clientId) return null
  const [row] = await db
    .select({ id: clients.id, name: clients.name, company: clients.company, email: clients.email })
    .from(clients)
    .where(and(eq(clients.id, run.clientId), eq(clients.organisationId, run.organisationId)))
  return row ?? null
}
