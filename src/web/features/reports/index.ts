// What the rest of the app uses of reports; everything else here is the feature's own (ADR 0019).
// The pages are imported by path from router.tsx, each its own chunk.
export { statementPath } from './statement-path'
