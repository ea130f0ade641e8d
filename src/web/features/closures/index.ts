// What the rest of the app uses of closures; everything else here is the feature's own (ADR 0019).
export { closureKeys, useClosuresInRange, type Closure, type ClosureRange } from './api'
export type { ClosableSpace } from './components/closure-dialog'
export { FacilityClosures } from './components/facility-closures'
export { DayClosures } from './components/day-closures'
export { closedLabel, closesDay, closurePlace, closureSpokenOn, closureTimesOn } from './wording'
