// What the rest of the app uses of the activity trail; everything else here is the feature's own (ADR 0019).
// The event sheet's history loads its code once shown (components/deferred-event-history.tsx).
export { EventHistory } from './components/deferred-event-history'
