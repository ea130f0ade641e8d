// What the rest of the app uses of displays; everything else here is the feature's own (ADR 0019).
export { screenKeys, type RoomOption } from './api'
export { RoomPicker } from './components/room-picker'
