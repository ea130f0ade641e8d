import type { ScreenInput } from '@shared/screens/schema'
import { SCREEN_MESSAGES, slugify } from '@shared/screens/schema'
import type { Db, Executor } from '../../db/client'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../../errors'
import { publicLogoPath } from '../public-display/service'
import { readLogo } from './logo'
import * as repository from './repository'

type ScreenRow = NonNullable<Awaited<ReturnType<typeof repository.findOwnedScreen>>>

export async function listScreens(db: Db, organisationId: string) {
  const screens = await repository.listScreens(db, organisationId)
  return withRooms(db, organisationId, screens)
}

export async function getScreen(db: Db, organisationId: string, screenId: string) {
  const screen = await repository.findOwnedScreen(db, organisationId, screenId)
  if (!screen) throw notFound('Screen')
  const [withItsRooms] = await withRooms(db, organisationId, [screen])
  return withItsRooms!
}

// The slug is the board's public address, so it is set once from the first name and kept when
// the screen is renamed: a lobby TV pointed at it keeps working.
export async function createScreen(db: Db, organisationId: string, { rooms, ...fields }: ScreenInput) {
  await requireDisplayableRooms(db, organisationId, rooms)
  try {
    const screen = await db.transaction(async (tx) => {
      const inserted = await repository.insertScreen(tx, organisationId, slugify(fields.name), fields)
      await repository.replaceScreenRooms(tx, organisationId, inserted.id, rooms)
      return inserted
    })
    return (await withRooms(db, organisationId, [screen]))[0]!
  } catch (error) {
    throw translateWriteError(error)
  }
}

/** The screen and its room list are replaced together or not at all. */
export async function updateScreen(db: Db, organisationId: string, screenId: string, { rooms, ...fields }: ScreenInput) {
  await requireDisplayableRooms(db, organisationId, rooms)
  try {
    const screen = await db.transaction(async (tx) => {
      const updated = await repository.updateOwnedScreen(tx, organisationId, screenId, fields)
      if (!updated) throw notFound('Screen')
      await repository.replaceScreenRooms(tx, organisationId, screenId, rooms)
      return updated
    })
    return (await withRooms(db, organisationId, [screen]))[0]!
  } catch (error) {
    throw translateWriteError(error)
  }
}

export async function deleteScreen(db: Db, organisationId: string, screenId: string) {
  if (!(await repository.deleteOwnedScreen(db, organisationId, screenId))) throw notFound('Screen')
}

export async function replaceLogo(db: Db, organisationId: string, screenId: string, file: unknown) {
  // Someone else's screen is a 404 whatever the file is.
  const owned = await repository.findOwnedScreen(db, organisationId, screenId)
  if (!owned) throw notFound('Screen')
  const logo = await readLogo(file)
  const screen = await db.transaction(async (tx) => {
    // The slug never changes, so the address built from it stays right.
    const updated = await repository.setOwnedScreenLogoUrl(tx, organisationId, screenId, publicLogoPath(owned.slug, logo.version))
    if (!updated) throw notFound('Screen')
    await repository.saveLogo(tx, organisationId, screenId, logo)
    return updated
  })
  return (await withRooms(db, organisationId, [screen]))[0]!
}

export async function removeLogo(db: Db, organisationId: string, screenId: string) {
  const screen = await db.transaction(async (tx) => {
    const updated = await repository.setOwnedScreenLogoUrl(tx, organisationId, screenId, null)
    if (!updated) throw notFound('Screen')
    await repository.deleteLogo(tx, organisationId, screenId)
    return updated
  })
  return (await withRooms(db, organisationId, [screen]))[0]!
}

// Only the organisation's own rooms, and never a change room: a board lists what happens in a
// space, and a change room is named beside each event instead.
async function requireDisplayableRooms(db: Executor, organisationId: string, rooms: ScreenInput['rooms']) {
  const owned = await repository.findOwnedRooms(
    db,
    organisationId,
    rooms.map(({ roomId }) => roomId),
  )
  if (owned.length !== rooms.length) throw notFound('Room')
  if (owned.some((room) => room.type === 'change_room')) {
    const message = 'A change room cannot be shown as a room on a screen'
    throw new AppError('VALIDATION', message, { rooms: message })
  }
}

function translateWriteError(error: unknown) {
  if (repository.isAddressTaken(error)) {
    return new AppError('CONFLICT', SCREEN_MESSAGES.duplicateSlug, { name: SCREEN_MESSAGES.duplicateSlug })
  }
  // A room was deleted between the check and the write.
  if (findPostgresError(error)?.code === SQLSTATE.foreignKeyViolation) return notFound('Room')
  return error
}

async function withRooms(db: Executor, organisationId: string, screens: ScreenRow[]) {
  const rooms = await repository.listScreenRooms(
    db,
    organisationId,
    screens.map(({ id }) => id),
  )
  return screens.map((screen) => ({
    ...screen,
    rooms: rooms.filter((room) => room.screenId === screen.id).map(({ screenId: _screen, ...room }) => room),
  }))
}

/* ---------- for the setup wizard, inside its steps' transactions ---------- */

// The wizard names each display's address itself, checks the rooms against its own run, and
// says in its own words that an address is taken.
export { isAddressTaken, listScreenRooms } from './repository'

/** A screen at this address with no rooms yet; a taken address fails with an error isAddressTaken knows. */
export function createScreenAt(tx: Executor, organisationId: string, slug: string, fields: repository.ScreenFields) {
  return repository.insertScreen(tx, organisationId, slug, fields)
}

export function replaceScreenRooms(tx: Executor, organisationId: string, screenId: string, rooms: ScreenInput['rooms']) {
  return repository.replaceScreenRooms(tx, organisationId, screenId, rooms)
}
