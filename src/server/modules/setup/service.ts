import type { ClientInput } from '@shared/clients/schema'
import type { FacilityInput } from '@shared/facilities/schema'
import { roomInput } from '@shared/rooms/schema'
import { SCREEN_MESSAGES, screenInput, slugify } from '@shared/screens/schema'
import type {
  SetupChangeRoomsInput,
  SetupDisplayRoomsInput,
  SetupDisplaysInput,
  SetupSpacesInput,
  SkippableStep,
} from '@shared/setup/schema'
import type { Db, Executor, Tx } from '../../db/client'
import { AppError, findPostgresError, notFound, SQLSTATE } from '../../errors'
import type { Actor } from '../activity/service'
import { createClient } from '../clients/service'
import { createFacility, createRooms } from '../facilities/service'
import { createScreenAt, isAddressTaken, listScreenRooms, replaceScreenRooms } from '../screens/service'
import { isDisplayable, isReachable, resumeStep, stepStatuses } from './progress'
import * as repository from './repository'
import type { SetupRun } from './repository'

// The wizard's state is the rows its steps created, plus the skips and the finish recorded on
// the run (ADR 0010). Every step is one transaction holding the run, so a step's rows appear
// together or not at all, and a repeated submission finds the step done instead of doing it twice.
// The rows a step creates are recorded in the activity trail as their own modules record them, in
// the step's transaction; skipping and finishing write only the run, and record nothing.

const SETUP_CONFLICTS = {
  alreadyStarted: 'The facility of this setup was already created',
  notStarted: 'Please create your facility first',
  previousStepsOpen: 'Please finish the previous steps first',
  alreadyDone: 'This step is already done',
  nothingToConfigure: 'There are no screens or spaces to configure',
  unfinished: 'Please finish or skip every step first',
} as const

// The screens module's wording, for the same rule.
const CHANGE_ROOM_ON_DISPLAY = 'A change room cannot be shown as a room on a screen'

// The fields a display takes that the wizard does not ask for get the screen defaults.
const displayFields = screenInput.omit({ rooms: true })

type SetupProgress = Awaited<ReturnType<typeof loadProgress>>

/** The organisation's unfinished wizard, or null when there is none to resume. */
export async function getProgress(db: Db, organisationId: string) {
  const run = await repository.findUnfinishedRun(db, organisationId)
  return run ? loadProgress(db, run) : null
}

/** Step 1: the facility and the run that remembers it, together. */
export async function startSetup(db: Db, organisationId: string, actor: Actor, input: FacilityInput) {
  await db.transaction(async (tx) => {
    const facility = await createFacility(tx, organisationId, actor, input)
    if (!(await repository.startRun(tx, organisationId, facility.id))) throw new AppError('CONFLICT', SETUP_CONFLICTS.alreadyStarted)
  })
  return (await getProgress(db, organisationId))!
}

/** Step 2: one insert for the whole batch. */
export function addSpaces(db: Db, organisationId: string, actor: Actor, { spaces }: SetupSpacesInput) {
  return runStep(db, organisationId, 2, async (tx, _run, progress) => {
    const created = await createRooms(tx, organisationId, actor, progress.facility, spaces)
    await repository.updateRun(tx, organisationId, { spaceIds: created.map(({ id }) => id) })
  })
}

/** Step 3: change rooms take the space defaults for everything but their name. */
export function addChangeRooms(db: Db, organisationId: string, actor: Actor, { changeRooms }: SetupChangeRoomsInput) {
  return runStep(db, organisationId, 3, async (tx, _run, progress) => {
    const rows = changeRooms.map(({ name }) => roomInput.parse({ name, type: 'change_room' }))
    const created = await createRooms(tx, organisationId, actor, progress.facility, rows)
    await repository.updateRun(tx, organisationId, { changeRoomIds: created.map(({ id }) => id) })
  })
}

/**
 * Step 4: screens without rooms yet. The address is the name's slug plus a timestamp (docs/product.md#setup-wizard),
 * one millisecond apart within the batch so that two displays of the same name differ too.
 */
export async function addDisplays(db: Db, organisationId: string, actor: Actor, { displays }: SetupDisplaysInput) {
  const timestamp = Date.now()
  try {
    return await runStep(db, organisationId, 4, async (tx) => {
      const created = []
      for (const [index, display] of displays.entries()) {
        const slug = `${slugify(display.name)}-${timestamp + index}`
        created.push(await createScreenAt(tx, organisationId, actor, slug, displayFields.parse(display)))
      }
      await repository.updateRun(tx, organisationId, { screenIds: created.map(({ id }) => id) })
    })
  } catch (error) {
    if (isAddressTaken(error)) throw new AppError('CONFLICT', SCREEN_MESSAGES.duplicateSlug)
    throw error
  }
}

/** Step 5: the spaces this run created onto the displays it created, each in its colour. */
export async function configureDisplays(db: Db, organisationId: string, actor: Actor, { displays }: SetupDisplayRoomsInput) {
  try {
    return await runStep(db, organisationId, 5, async (tx, _run, progress) => {
      const runDisplays = new Set(progress.displays.map(({ id }) => id))
      // Each room of the run, and whether a display may show it.
      const runRooms = new Map<string, boolean>([
        ...progress.changeRooms.map(({ id }): [string, boolean] => [id, false]),
        ...progress.spaces.map((space): [string, boolean] => [space.id, isDisplayable(space)]),
      ])
      for (const display of displays) {
        if (!runDisplays.has(display.screenId)) throw notFound('Screen')
        for (const { roomId } of display.rooms) {
          const canShow = runRooms.get(roomId)
          if (canShow === undefined) throw notFound('Space')
          if (!canShow) throw new AppError('VALIDATION', CHANGE_ROOM_ON_DISPLAY, { displays: CHANGE_ROOM_ON_DISPLAY })
        }
      }
      for (const display of displays) await replaceScreenRooms(tx, organisationId, actor, display.screenId, display.rooms)
    })
  } catch (error) {
    // A display or space was deleted elsewhere between the check and the write.
    const postgres = findPostgresError(error)
    if (postgres?.code === SQLSTATE.foreignKeyViolation)
      throw notFound(postgres.constraint === 'screen_rooms_screen_fk' ? 'Screen' : 'Space')
    throw error
  }
}

/** Step 6. */
export function addClient(db: Db, organisationId: string, actor: Actor, input: ClientInput) {
  return runStep(db, organisationId, 6, async (tx) => {
    const client = await createClient(tx, organisationId, actor, input)
    await repository.updateRun(tx, organisationId, { clientId: client.id })
  })
}

/** Skipping again is harmless; a step that is done cannot be skipped. */
export function skipStep(db: Db, organisationId: string, step: SkippableStep) {
  return runStep(db, organisationId, step, async (tx, run) => {
    if (!run.skippedSteps.includes(step)) await repository.updateRun(tx, organisationId, { skippedSteps: [...run.skippedSteps, step] })
  })
}

/** The finished run, with what it made, for the completion screen. */
export function completeSetup(db: Db, organisationId: string) {
  return db.transaction(async (tx) => {
    const run = await lockRun(tx, organisationId)
    if ((await loadProgress(tx, run)).steps.includes('open')) throw new AppError('CONFLICT', SETUP_CONFLICTS.unfinished)
    return loadProgress(tx, await repository.updateRun(tx, organisationId, { completedAt: new Date() }))
  })
}

async function runStep(
  db: Db,
  organisationId: string,
  step: number,
  work: (tx: Tx, run: SetupRun, progress: SetupProgress) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    const run = await lockRun(tx, organisationId)
    const progress = await loadProgress(tx, run)
    if (!isReachable(progress.steps, step)) throw new AppError('CONFLICT', SETUP_CONFLICTS.previousStepsOpen)
    const status = progress.steps[step - 1]
    if (status === 'done') throw new AppError('CONFLICT', SETUP_CONFLICTS.alreadyDone)
    if (status === 'not-needed') throw new AppError('CONFLICT', SETUP_CONFLICTS.nothingToConfigure)
    await work(tx, run, progress)
  })
  return (await getProgress(db, organisationId))!
}

async function lockRun(tx: Tx, organisationId: string) {
  const run = await repository.lockUnfinishedRun(tx, organisationId)
  if (!run) throw new AppError('CONFLICT', SETUP_CONFLICTS.notStarted)
  return run
}

// Sequential on purpose: inside a transaction every query goes through its one connection.
async function loadProgress(db: Executor, run: SetupRun) {
  const facility = await repository.findRunFacility(db, run)
  const spaces = await repository.listRunRooms(db, run.organisationId, 'spaces')
  const changeRooms = await repository.listRunRooms(db, run.organisationId, 'changeRooms')
  const screens = await repository.listRunScreens(db, run.organisationId)
  const screenRooms = await listScreenRooms(
    db,
    run.organisationId,
    screens.map(({ id }) => id),
  )
  const client = await repository.findRunClient(db, run)
  const displays = screens.map((screen) => ({
    ...screen,
    rooms: screenRooms.filter(({ screenId }) => screenId === screen.id).map(({ roomId, name, color }) => ({ roomId, name, color })),
  }))
  const steps = stepStatuses({ spaces, changeRooms, displays, client, skippedSteps: run.skippedSteps })
  return {
    // The facility's deletion deletes the run, so a run always has its facility.
    facility: facility!,
    spaces,
    changeRooms: changeRooms.map(({ id, name }) => ({ id, name })),
    displays,
    client,
    steps,
    currentStep: resumeStep(steps),
    completedAt: run.completedAt,
  }
}
