// What the rest of the app uses of events; everything else here is the feature's own (ADR 0019).
export { useEventsInRange, type BookableRoomWithFacility, type PlacedEvent } from './api'
export { AddEventDialog } from './components/add-event-dialog'
export { DeleteEventDialog } from './components/delete-event-dialog'
export { EditEventSheet, type EditTarget } from './components/edit-event-sheet'
export { RoomSchedule } from './components/room-schedule'
export { SelectRoomDialog } from './components/select-room-dialog'
