import { z } from 'zod'
import { LIMITS } from '@shared/limits'
import { roomInput } from '@shared/rooms/schema'
import { screenInput } from '@shared/screens/schema'

// The setup wizard's batches (docs/product.md#setup-wizard). Each row is checked by the schema its own screen
// uses, so a space made in the wizard obeys the same rules as one made on the facility page.

const MAX_ROWS = LIMITS.wizard.maxRowsPerStep

export const SETUP_MESSAGES = {
  noSpaces: 'Please add at least one space',
  noChangeRooms: 'Please add at least one change room',
  noDisplays: 'Please add at least one screen',
  noAssignments: 'Please choose the spaces of at least one screen',
  tooManyRows: `Please add at most ${MAX_ROWS} at a time`,
} as const

/** The steps 'Skip This Step' is offered on (docs/product.md#setup-wizard: both readings, so 3, 4, 5 and 6). */
export const SKIPPABLE_STEPS = [3, 4, 5, 6] as const
export type SkippableStep = (typeof SKIPPABLE_STEPS)[number]

const batch = <Row extends z.ZodType>(row: Row, emptyMessage: string) =>
  z.array(row, { error: emptyMessage }).min(1, emptyMessage).max(MAX_ROWS, SETUP_MESSAGES.tooManyRows)

export const setupSpacesInput = z.object({ spaces: batch(roomInput, SETUP_MESSAGES.noSpaces) })
export type SetupSpacesFormValues = z.input<typeof setupSpacesInput>
export type SetupSpacesInput = z.output<typeof setupSpacesInput>

// Only a name: the type is change_room, and the rest takes the space defaults.
export const setupChangeRoomsInput = z.object({
  changeRooms: batch(z.object({ name: roomInput.shape.name }), SETUP_MESSAGES.noChangeRooms),
})
export type SetupChangeRoomsFormValues = z.input<typeof setupChangeRoomsInput>
export type SetupChangeRoomsInput = z.output<typeof setupChangeRoomsInput>

// Rooms come in the next step, so a display is a screen without them for now.
export const setupDisplaysInput = z.object({
  displays: batch(screenInput.pick({ name: true, location: true, size: true }), SETUP_MESSAGES.noDisplays),
})
export type SetupDisplaysFormValues = z.input<typeof setupDisplaysInput>
export type SetupDisplaysInput = z.output<typeof setupDisplaysInput>

export const setupDisplayRoomsInput = z.object({
  displays: z
    .array(z.object({ screenId: z.uuid({ error: 'Screen not found' }), rooms: screenInput.shape.rooms }), {
      error: SETUP_MESSAGES.noAssignments,
    })
    .min(1, SETUP_MESSAGES.noAssignments)
    .max(MAX_ROWS, SETUP_MESSAGES.tooManyRows)
    .refine(
      (displays) => new Set(displays.map(({ screenId }) => screenId)).size === displays.length,
      'Each screen can be configured only once',
    ),
})
export type SetupDisplayRoomsFormValues = z.input<typeof setupDisplayRoomsInput>
export type SetupDisplayRoomsInput = z.output<typeof setupDisplayRoomsInput>

export const skipSetupStepInput = z.object({
  step: z.literal(SKIPPABLE_STEPS, { error: 'Only steps 3, 4, 5 and 6 can be skipped' }),
})
