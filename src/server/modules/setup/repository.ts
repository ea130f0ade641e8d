import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { clients, facilities, rooms, screens, setupRuns } from '../../db/schema'

export type SetupRun = typeof setupRuns.$inferSelect

// Every list joins the run row of its owner, so a row can only ever appear in its own
// operator's wizard, and a row deleted since simply drops out.

export async function findUnfinishedRun(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(setupRuns)
    .where(and(eq(setupRuns.userId, userId), isNull(setupRuns.completedAt)))
  return row ?? null
}

/**
 * Holds the run until the transaction ends, so two submissions of one step cannot both find it
 * undone. The facility row is held too: deleting it takes the run with it (cascade), and taking
 * both here, in one statement, keeps that delete and this step from waiting on each other.
 */
export async function lockUnfinishedRun(db: Executor, userId: string) {
  const [row] = await db
    .select({ run: setupRuns })
    .from(setupRuns)
    .innerJoin(facilities, eq(facilities.id, setupRuns.facilityId))
    .where(and(eq(setupRuns.userId, userId), isNull(setupRuns.completedAt)))
    .for('no key update', { of: [setupRuns, facilities] })
  return row?.run ?? null
}

/** A new run, or a finished one started afresh; null while an unfinished run exists. */
export async function startRun(db: Executor, userId: string, facilityId: string) {
  const fresh = { facilityId, spaceIds: [], changeRoomIds: [], screenIds: [], clientId: null, skippedSteps: [], completedAt: null }
  const [row] = await db
    .insert(setupRuns)
    .values({ userId, ...fresh })
    .onConflictDoUpdate({
      target: setupRuns.userId,
      set: { ...fresh, createdAt: sql`now()` },
      setWhere: sql`${setupRuns.completedAt} is not null`,
    })
    .returning()
  return row ?? null
}

export async function updateRun(
  db: Executor,
  userId: string,
  changes: Partial<Pick<SetupRun, 'spaceIds' | 'changeRoomIds' | 'screenIds' | 'clientId' | 'skippedSteps' | 'completedAt'>>,
) {
  const [row] = await db.update(setupRuns).set(changes).where(eq(setupRuns.userId, userId)).returning()
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
    .where(and(eq(facilities.id, run.facilityId), eq(facilities.userId, run.userId)))
  return row ?? null
}

const roomIdColumns = { spaces: setupRuns.spaceIds, changeRooms: setupRuns.changeRoomIds }

/** The rooms one step of the run created, in the order it created them. */
export function listRunRooms(db: Executor, userId: string, step: keyof typeof roomIdColumns) {
  const column = roomIdColumns[step]
  return db
    .select({ id: rooms.id, name: rooms.name, type: rooms.type, capacity: rooms.capacity })
    .from(setupRuns)
    .innerJoin(rooms, and(eq(rooms.facilityId, setupRuns.facilityId), sql`${rooms.id} = any(${column})`))
    .where(eq(setupRuns.userId, userId))
    .orderBy(sql`array_position(${column}, ${rooms.id})`)
}

export function listRunScreens(db: Executor, userId: string) {
  return db
    .select({ id: screens.id, name: screens.name, location: screens.location, size: screens.size, slug: screens.slug })
    .from(setupRuns)
    .innerJoin(screens, and(eq(screens.userId, setupRuns.userId), sql`${screens.id} = any(${setupRuns.screenIds})`))
    .where(eq(setupRuns.userId, userId))
    .orderBy(sql`array_position(${setupRuns.screenIds}, ${screens.id})`)
}

export async function findRunClient(db: Executor, run: SetupRun) {
  if (!run.clientId) return null
  const [row] = await db
    .select({ id: clients.id, name: clients.name, company: clients.company, email: clients.email })
    .from(clients)
    .where(and(eq(clients.id, run.clientId), eq(clients.userId, run.userId)))
  return row ?? null
}
