// What the rest of the app uses of the admin screen; everything else here is the feature's own (ADR 0019).
export { useAccountsAwaitingAdmin } from './api'
