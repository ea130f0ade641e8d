// What the rest of the app uses of clients; everything else here is the feature's own (ADR 0019).
export { clientKeys, useClients, type Client } from './api'
