import { describe, expect, it } from 'vitest'
import { isReachable, resumeStep, stepStatuses, type RunContents } from './progress'

const rink = { type: 'rink' }
const changeRoom = { type: 'change_room' }
const emptyRun: RunContents = { spaces: [], changeRooms: [], displays: [], client: null, skippedSteps: [] }

describe('stepStatuses', () => {
  it('a run that only has its facility waits for its spaces', () => {
    expect(stepStatuses(emptyRun)).toEqual(['done', 'open', 'open', 'open', 'not-needed', 'open'])
  })

  it('marks the steps whose rows exist as done', () => {
    const run = { spaces: [rink], changeRooms: [{}], displays: [{ rooms: [{}] }], client: {}, skippedSteps: [] }
    expect(stepStatuses(run)).toEqual(['done', 'done', 'done', 'done', 'done', 'done'])
  })

  it('a skipped step stays skipped until it creates something', () => {
    expect(stepStatuses({ ...emptyRun, spaces: [rink], skippedSteps: [3, 4, 6] })).toEqual([
      'done',
      'done',
      'skipped',
      'skipped',
      'not-needed',
      'skipped',
    ])
    expect(stepStatuses({ ...emptyRun, spaces: [rink], changeRooms: [{}], skippedSteps: [3] })[2]).toBe('done')
  })

  it('configuring displays is not needed without a display or without a space that is not a change room', () => {
    expect(stepStatuses({ ...emptyRun, spaces: [rink] })[4]).toBe('not-needed')
    expect(stepStatuses({ ...emptyRun, spaces: [changeRoom], displays: [{ rooms: [] }] })[4]).toBe('not-needed')
    expect(stepStatuses({ ...emptyRun, spaces: [changeRoom, rink], displays: [{ rooms: [] }] })[4]).toBe('open')
    expect(stepStatuses({ ...emptyRun, spaces: [rink], displays: [{ rooms: [] }], skippedSteps: [5] })[4]).toBe('skipped')
  })
})

describe('resumeStep', () => {
  it('is the first open step', () => {
    expect(resumeStep(['done', 'open', 'open', 'open', 'not-needed', 'open'])).toBe(2)
    expect(resumeStep(['done', 'done', 'skipped', 'skipped', 'not-needed', 'open'])).toBe(6)
  })

  it('is the last step when every step is settled', () => {
    expect(resumeStep(['done', 'done', 'skipped', 'done', 'done', 'skipped'])).toBe(6)
  })
})

describe('isReachable', () => {
  it('needs every earlier step settled', () => {
    const statuses = stepStatuses({ ...emptyRun, spaces: [rink], skippedSteps: [3] })
    expect(isReachable(statuses, 4)).toBe(true)
    expect(isReachable(statuses, 6)).toBe(false)
    expect(isReachable(stepStatuses(emptyRun), 3)).toBe(false)
  })
})
