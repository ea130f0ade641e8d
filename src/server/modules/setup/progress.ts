import { LIMITS } from '@shared/limits'

/**
 * - open: waiting for the operator;
 * - done: its rows exist;
 * - skipped: the operator chose 'Skip This Step';
 * - not-needed: step 5 with no display or no space to put on one (docs/product.md#setup-wizard).
 */
export type StepStatus = 'open' | 'done' | 'skipped' | 'not-needed'

export type RunContents = {
  spaces: { type: string }[]
  changeRooms: unknown[]
  displays: { rooms: unknown[] }[]
  client: unknown
  skippedSteps: number[]
}

/** Displays show spaces, never change rooms (a board names those beside each event). */
export const isDisplayable = (space: { type: string }) => space.type !== 'change_room'

// Read from the rows the run created, so a row deleted elsewhere reopens the step that made it.
export function stepStatuses({ spaces, changeRooms, displays, client, skippedSteps }: RunContents): StepStatus[] {
  const doneOrSkipped = (step: number, isDone: boolean): StepStatus => (isDone ? 'done' : skippedSteps.includes(step) ? 'skipped' : 'open')
  const canConfigure = displays.length > 0 && spaces.some(isDisplayable)
  return [
    'done',
    spaces.length > 0 ? 'done' : 'open',
    doneOrSkipped(3, changeRooms.length > 0),
    doneOrSkipped(4, displays.length > 0),
    canConfigure
      ? doneOrSkipped(
          5,
          displays.some(({ rooms }) => rooms.length > 0),
        )
      : 'not-needed',
    doneOrSkipped(6, client !== null),
  ]
}

/** Where the wizard resumes: the first step still waiting, or the last one when none is. */
export function resumeStep(statuses: StepStatus[]): number {
  const index = statuses.indexOf('open')
  return index === -1 ? LIMITS.wizard.steps : index + 1
}

/** A step can be worked on once every step before it is settled, so the run stays in order. */
export function isReachable(statuses: StepStatus[], step: number): boolean {
  return statuses.slice(0, step - 1).every((status) => status !== 'open')
}
