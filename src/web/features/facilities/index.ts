// What the rest of the app uses of facilities; everything else here is the feature's own (ADR 0019).
export { facilityKeys, useFacilities, useRooms, type Facility, type RoomWithFacility } from './api'
