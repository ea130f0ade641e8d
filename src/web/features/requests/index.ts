// What the rest of the app uses of the Requests page; everything else here is the feature's own (ADR 0019).
export { usePendingRequestCount } from './api'
