import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { ScreenInput } from '@shared/screens/schema'
import type { Executor } from '../../db/client'
import { facilities, rooms, screenLogos, screenRooms, screens } from '../../db/schema'
import { findPostgresError, SQLSTATE } from '../../errors'

// Ownership is checked in the same statement that reads or writes a screen: another
// organisation's id and a missing id both come back empty (and so as a 404). Every statement
// names the organisation, so it reads through the keys that lead with organisation_id.

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

export function listScreens(db: Executor, organisationId: string) {
  return db
    .select(screenColumns)
    .from(screens)
    .where(eq(screens.organisationId, organisationId))
    .orderBy(desc(screens.createdAt), desc(screens.id))
}

/** `lock` holds the row against other edits (not against its rooms' rows) until the transaction ends. */
export async function findOwnedScreen(db: Executor, organisationId: string, screenId: string, { lock = false } = {}) {
  const query = db
    .select(screenColumns)
    .from(screens)
    .where(and(eq(screens.organisationId, organisationId), eq(screens.id, screenId)))
  const [row] = lock ? await query.for('no key update') : await query
  return row ?? null
}

/** The rooms of these screens of the organisation in board order, each with its facility's name. */
export function listScreenRooms(db: Executor, organisationId: string, screenIds: string[]) {
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
    .innerJoin(rooms, and(eq(rooms.organisationId, screenRooms.organisationId), eq(rooms.id, screenRooms.roomId)))
    .innerJoin(facilities, and(eq(facilities.organisationId, rooms.organisationId), eq(facilities.id, rooms.facilityId)))
    .where(and(eq(screenRooms.organisationId, organisationId), inArray(screenRooms.screenId, screenIds)))
    .orderBy(asc(screenRooms.position), asc(rooms.name))
}

/** Which of these rooms belong to the organisation, with their type. */
export function findOwnedRooms(db: Executor, organisationId: string, roomIds: string[]) {
  return db
    .select({ id: rooms.id, type: rooms.type })
    .from(rooms)
    .where(and(eq(rooms.organisationId, organisationId), inArray(rooms.id, roomIds)))
}

/**
 * Whether a screen's insert failed for its address: one of the organisation's screens has it, or
 * it is held by another organisation, now or from a screen it deleted (board_addresses,
 * migrations 0009 and 0011). Both read as "the name is taken".
 */
export function isAddressTaken(error: unknown): boolean {
  const postgres = findPostgresError(error)
  return (
    (postgres?.code === SQLSTATE.uniqueViolation && postgres.constraint === 'screens_organisation_id_slug_idx') ||
    (postgres?.code === SQLSTATE.foreignKeyViolation && postgres.constraint === 'screens_board_address_fk')
  )
}

/** An address that is not the organisation's to take fails the insert with an error isAddressTaken knows. */
export async function insertScreen(db: Executor, organisationId: string, slug: string, fields: ScreenFields) {
  const [row] = await db
    .insert(screens)
    .values({ organisationId, slug, ...fields })
    .returning(screenColumns)
  return row!
}

export async function updateOwnedScreen(db: Executor, organisationId: string, screenId: string, fields: ScreenFields) {
  const [row] = await db
    .update(screens)
    .set(fields)
    .where(and(eq(screens.organisationId, organisationId), eq(screens.id, screenId)))
    .returning(screenColumns)
  return row ?? null
}

/**
 * The board shows the rooms in the order given. The rows carry the screen's organisation, so the
 * foreign keys refuse a room or screen of another organisation.
 */
export async function replaceScreenRooms(db: Executor, organisationId: string, screenId: string, roomList: ScreenInput['rooms']) {
  await db.delete(screenRooms).where(and(eq(screenRooms.organisationId, organisationId), eq(screenRooms.screenId, screenId)))
  await db
    .insert(screenRooms)
    .values(roomList.map(({ roomId, color }, position) => ({ organisationId, screenId, roomId, color, position })))
}

/** One statement: the foreign keys take the screen's rooms and logo with it. The screen as it was, or null. */
export async function deleteOwnedScreen(db: Executor, organisationId: string, screenId: string) {
  const [row] = await db
    .delete(screens)
    .where(and(eq(screens.organisationId, organisationId), eq(screens.id, screenId)))
    .returning(screenColumns)
  return row ?? null
}

export async function setOwnedScreenLogoUrl(db: Executor, organisationId: string, screenId: string, logoUrl: string | null) {
  const [row] = await db
    .update(screens)
    .set({ logoUrl })
    .where(and(eq(screens.organisationId, organisationId), eq(screens.id, screenId)))
    .returning(screenColumns)
  return row ?? null
}

/** Replacing overwrites the one row a screen has, so the old image is gone with the same write. */
export async function saveLogo(
  db: Executor,
  organisationId: string,
  screenId: string,
  logo: { contentType: string; content: Uint8Array; version: string },
) {
  await db
    .insert(screenLogos)
    .values({ organisationId, screenId, ...logo })
    .onConflictDoUpdate({ target: [screenLogos.organisationId, screenLogos.screenId], set: { ...logo, createdAt: new Date() } })
}

export async function deleteLogo(db: Executor, organisationId: string, screenId: string) {
  await db.delete(screenLogos).where(and(eq(screenLogos.organisationId, organisationId), eq(screenLogos.screenId, screenId)))
}
