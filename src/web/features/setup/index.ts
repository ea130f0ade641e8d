// What the rest of the app uses of setup; everything else here is the feature's own (ADR 0019).
export type { SetupProgress } from './api'
export { SetupComplete } from './components/setup-complete'
