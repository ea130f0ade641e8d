import type { ScreenInput } from '@shared/screens/schema'
import { SCREEN_MESSAGES, slugify } from '@shared/screens/schema'
import type { Db, Executor } from '../../db/client'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../../errors'
import { changedFields, createdChanges, deletedChanges, recordActivity, type Actor } from '../activity/service'
import { publicLogoPath } from '../public-display/service'
import { readLogo } from './logo'
import * as repository from './repository'

type ScreenRow = NonNullable<Awaited<ReturnType<typeof repository.findOwnedScreen>>>
type ShownRoom = { name: string; color: string }

// A board's rooms as one value, in board order and each with its colour, so that a reordering or
// a new colour shows in the trail as well as a room added or taken off.
function roomList(rooms: ShownRoom[]) {
  return rooms.length === 0 ? null : rooms.map(({ name, color }) => `${name} (${color})`).join(', ')
}

// The fields the trail keeps of a screen; the logo is recorded on its own, as its address.
function screenValues(screen: ScreenRow, rooms?: ShownRoom[]) {
  const { name, location, size, theme, showTicker, tickerText } = screen
  return { name, location, size, theme, showTicker, tickerText, ...(rooms ? { rooms: roomList(rooms) } : {}) }
}

const hasChanges = (changes: object) => Object.keys(changes).length > 0

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
export async function createScreen(db: Db, organisationId: string, actor: Actor, { rooms, ...fields }: ScreenInput) {
  await requireDisplayableRooms(db, organisationId, rooms)
  try {
    const screen = await db.transaction(async (tx) => {
      const inserted = await repository.insertScreen(tx, organisationId, slugify(fields.name), fields)
      await repository.replaceScreenRooms(tx, organisationId, inserted.id, rooms)
      const shown = await repository.listScreenRooms(tx, organisationId, [inserted.id])
      await recordActivity(tx, organisationId, actor, {
        action: 'created',
        entity: 'screen',
        entityId: inserted.id,
        label: inserted.name,
        changes: createdChanges({ ...screenValues(inserted, shown), slug: inserted.slug }),
      })
      return inserted
    })
    return (await withRooms(db, organisationId, [screen]))[0]!
  } catch (error) {
    throw translateWriteError(error)
  }
}

/** The screen and its room list are replaced together or not at all. */
export async function updateScreen(db: Db, organisationId: string, actor: Actor, screenId: string, { rooms, ...fields }: ScreenInput) {
  await requireDisplayableRooms(db, organisationId, rooms)
  try {
    const screen = await db.transaction(async (tx) => {
      // Held from here to the write, so the trail's before is the one this edit replaced.
      const before = await repository.findOwnedScreen(tx, organisationId, screenId, { lock: true })
      if (!before) throw notFound('Screen')
      const shownBefore = await repository.listScreenRooms(tx, organisationId, [screenId])
      const updated = await repository.updateOwnedScreen(tx, organisationId, screenId, fields)
      if (!updated) throw notFound('Screen')
      await repository.replaceScreenRooms(tx, organisationId, screenId, rooms)
      const shown = await repository.listScreenRooms(tx, organisationId, [screenId])
      const changes = changedFields(screenValues(before, shownBefore), screenValues(updated, shown))
      // Saving the form unchanged writes nothing worth reading.
      if (hasChanges(changes)) {
        await recordActivity(tx, organisationId, actor, {
          action: 'updated',
          entity: 'screen',
          entityId: screenId,
          label: updated.name,
          changes,
        })
      }
      return updated
    })
    return (await withRooms(db, organisationId, [screen]))[0]!
  } catch (error) {
    throw translateWriteError(error)
  }
}

export async function deleteScreen(db: Db, organisationId: string, actor: Actor, screenId: string) {
  await db.transaction(async (tx) => {
    const screen = await repository.deleteOwnedScreen(tx, organisationId, screenId)
    if (!screen) throw notFound('Screen')
    await recordActivity(tx, organisationId, actor, {
      action: 'deleted',
      entity: 'screen',
      entityId: screen.id,
      label: screen.name,
      changes: deletedChanges({ ...screenValues(screen), slug: screen.slug }),
    })
  })
}

export async function replaceLogo(db: Db, organisationId: string, actor: Actor, screenId: string, file: unknown) {
  // Someone else's screen is a 404 whatever the file is.
  const owned = await repository.findOwnedScreen(db, organisationId, screenId)
  if (!owned) throw notFound('Screen')
  const logo = await readLogo(file)
  const screen = await db.transaction(async (tx) => {
    const before = await repository.findOwnedScreen(tx, organisationId, screenId, { lock: true })
    if (!before) throw notFound('Screen')
    // The slug never changes, so the address built from it stays right.
    const updated = await repository.setOwnedScreenLogoUrl(tx, organisationId, screenId, publicLogoPath(owned.slug, logo.version))
    if (!updated) throw notFound('Screen')
    await repository.saveLogo(tx, organisationId, screenId, logo)
    await recordLogoChange(tx, organisationId, actor, before, updated)
    return updated
  })
  return (await withRooms(db, organisationId, [screen]))[0]!
}

export async function removeLogo(db: Db, organisationId: string, actor: Actor, screenId: string) {
  const screen = await db.transaction(async (tx) => {
    const before = await repository.findOwnedScreen(tx, organisationId, screenId, { lock: true })
    if (!before) throw notFound('Screen')
    const updated = await repository.setOwnedScreenLogoUrl(tx, organisationId, screenId, null)
    if (!updated) throw notFound('Screen')
    await repository.deleteLogo(tx, organisationId, screenId)
    await recordLogoChange(tx, organisationId, actor, before, updated)
    return updated
  })
  return (await withRooms(db, organisationId, [screen]))[0]!
}

// The logo's address names its image (publicLogoPath), so the same image again changes nothing.
async function recordLogoChange(tx: Executor, organisationId: string, actor: Actor, before: ScreenRow, after: ScreenRow) {
  const changes = changedFields({ logo: before.logoUrl }, { logo: after.logoUrl })
  if (hasChanges(changes)) {
    await recordActivity(tx, organisationId, actor, { action: 'updated', entity: 'screen', entityId: after.id, label: after.name, changes })
  }
}

// Only the organisation's own rooms, and never a change room: a board lists what happens in a
// space, and a change room is named beside each event instead.
async function requireDisplayableRooms(db: Executor, organisationId: string, rooms: ScreenInput['rooms']) {
  const owned = await repository.findOwnedRooms(
    db,
    organisationId,
    rooms.map(({ roomId }) => roomId),
  )
  if (owned.length !== rooms.length) throw notFound('Space')
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
  if (findPostgresError(error)?.code === SQLSTATE.foreignKeyViolation) return notFound('Space')
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
export async function createScreenAt(tx: Executor, organisationId: string, actor: Actor, slug: string, fields: repository.ScreenFields) {
  const screen = await repository.insertScreen(tx, organisationId, slug, fields)
  await recordActivity(tx, organisationId, actor, {
    action: 'created',
    entity: 'screen',
    entityId: screen.id,
    label: screen.name,
    changes: createdChanges({ ...screenValues(screen), slug: screen.slug }),
  })
  return screen
}

/** The screen's rooms, replaced and recorded in the caller's transaction; not found unless the screen is the organisation's. */
export async function replaceScreenRooms(
  tx: Executor,
  organisationId: string,
  actor: Actor,
  screenId: string,
  rooms: ScreenInput['rooms'],
) {
  const screen = await repository.findOwnedScreen(tx, organisationId, screenId, { lock: true })
  if (!screen) throw notFound('Screen')
  const shownBefore = await repository.listScreenRooms(tx, organisationId, [screenId])
  await repository.replaceScreenRooms(tx, organisationId, screenId, rooms)
  const shown = await repository.listScreenRooms(tx, organisationId, [screenId])
  const changes = changedFields({ rooms: roomList(shownBefore) }, { rooms: roomList(shown) })
  if (hasChanges(changes)) {
    await recordActivity(tx, organisationId, actor, {
      action: 'updated',
      entity: 'screen',
      entityId: screenId,
      label: screen.name,
      changes,
    })
  }
}
