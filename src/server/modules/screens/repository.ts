import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { ScreenInput } from '@shared/screens/schema'
import type { Executor } from '../../db/client'
import { facilities, rooms, screenLogos, screenRooms, screens } from '../../db/schema'
import { findPostgresError, SQLSTATE } from '../../errors'

// Ownership is checked in the same statement that reads or writes a screen: another
// operator's id and a missing id both come back empty (and so as a 404).

const screenColumns = {
  id: screens.id,
  name: screens.name,
  location: screens.location,
  size: screens.size,
  slug: screens.slug,
  theme: screens.theme,
  logoUrl: screens.logoUrl,
  showTicker: screens.showTicker,
  tickerText: screens.tickerText,
  createdAt: screens.createdAt,
}

export type ScreenFields = Omit<ScreenInput, 'rooms'>

export function listScreens(db: Executor, userId: string) {
  return db.select(screenColumns).from(screens).where(eq(screens.userId, userId)).orderBy(desc(screens.createdAt), desc(screens.id))
}

export async function findOwnedScreen(db: Executor, userId: string, screenId: string) {
  const [row] = await db
    .select(screenColumns)
    .from(screens)
    .where(and(eq(screens.id, screenId), eq(screens.userId, userId)))
  return row ?? null
}

/** The rooms of these screens in board order, each with its facility's name. */
export function listScreenRooms(db: Executor, screenIds: string[]) {
  if (screenIds.length === 0) return Promise.resolve([])
  return db
    .select({
      screenId: screenRooms.screenId,
      roomId: screenRooms.roomId,
      color: screenRooms.color,
      name: rooms.name,
      facilityName: facilities.name,
    })
    .from(screenRooms)
    .innerJoin(rooms, eq(rooms.id, screenRooms.roomId))
    .innerJoin(facilities, eq(facilities.id, rooms.facilityId))
    .where(inArray(screenRooms.screenId, screenIds))
    .orderBy(asc(screenRooms.position), asc(rooms.name))
}

/** Which of these rooms belong to the operator's facilities, with their type. */
export function findOwnedRooms(db: Executor, userId: string, roomIds: string[]) {
  return db
    .select({ id: rooms.id, type: rooms.type })
    .from(rooms)
    .innerJoin(facilities, eq(facilities.id, rooms.facilityId))
    .where(and(inArray(rooms.id, roomIds), eq(facilities.userId, userId)))
}

/**
 * Whether a screen's insert failed for its address: a screen has it, or it is kept for the
 * operator who had it before (board_addresses, migration 0009). Both read as "the name is taken".
 */
export function isAddressTaken(error: unknown): boolean {
  const postgres = findPostgresError(error)
  return (
    (postgres?.code === SQLSTATE.uniqueViolation && postgres.constraint === 'screens_slug_unique') ||
    (postgres?.code === SQLSTATE.foreignKeyViolation && postgres.constraint === 'screens_board_address_fk')
  )
}

/** An address that is not the operator's to take fails the insert with an error isAddressTaken knows. */
export async function insertScreen(db: Executor, userId: string, slug: string, fields: ScreenFields) {
  const [row] = await db
    .insert(screens)
    .values({ userId, slug, ...fields })
    .returning(screenColumns)
  return row!
}

export async function updateOwnedScreen(db: Executor, userId: string, screenId: string, fields: ScreenFields) {
  const [row] = await db
    .update(screens)
    .set(fields)
    .where(and(eq(screens.id, screenId), eq(screens.userId, userId)))
    .returning(screenColumns)
  return row ?? null
}

/** The board shows the rooms in the order given. */
export async function replaceScreenRooms(db: Executor, screenId: string, roomList: ScreenInput['rooms']) {
  await db.delete(screenRooms).where(eq(screenRooms.screenId, screenId))
  await db.insert(screenRooms).values(roomList.map(({ roomId, color }, position) => ({ screenId, roomId, color, position })))
}

/** One statement: the foreign keys take the screen's rooms and logo with it. */
export async function deleteOwnedScreen(db: Executor, userId: string, screenId: string): Promise<boolean> {
  const deleted = await db
    .delete(screens)
    .where(and(eq(screens.id, screenId), eq(screens.userId, userId)))
    .returning({ id: screens.id })
  return deleted.length > 0
}

export async function setOwnedScreenLogoUrl(db: Executor, userId: string, screenId: string, logoUrl: string | null) {
  const [row] = await db
    .update(screens)
    .set({ logoUrl })
    .where(and(eq(screens.id, screenId), eq(screens.userId, userId)))
    .returning(screenColumns)
  return row ?? null
}

/** Replacing overwrites the one row a screen has, so the old image is gone with the same write. */
export async function saveLogo(db: Executor, screenId: string, logo: { contentType: string; content: Uint8Array; version: string }) {
  await db
    .insert(screenLogos)
    .values({ screenId, ...logo })
    .onConflictDoUpdate({ target: screenLogos.screenId, set: { ...logo, createdAt: new Date() } })
}

export async function deleteLogo(db: Executor, screenId: string) {
  await db.delete(screenLogos).where(eq(screenLogos.screenId, screenId))
}
