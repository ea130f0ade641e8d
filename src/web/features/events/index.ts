// What the rest of the app uses of events; everything else here is the feature's own (ADR 0019).
export { useEventsInRange, useUpdateEvent, type BookableRoomWithFacility, type PlacedEvent } from './api'
// The dialogs' code loads after the page that shows them has rendered (components/deferred-dialogs.tsx).
export { AddEventDialog, DeleteEventDialog, EditEventSheet, SelectRoomDialog } from './components/deferred-dialogs'
export type { EditTarget } from './components/edit-event-sheet'
export { RoomSchedule } from './components/room-schedule'
export { SeriesLine } from './components/series-controls'
// A renter's pending request, as every view of events marks it (docs/product.md#renters).
export { isPending, PENDING_LABEL, PendingBadge, pendingHatch } from './pending'
