/**
 * The booking module's one door. It is the only code that writes anything that occupies a space
 * (events, series, closures; the occupancy and change-room holds the database derives from them):
 * book, rebook (edit, move, series edits), cancel and preview. The database is the guarantee
 * (routines/ and the exclusion constraints); src/shared/booking/rules.ts words its refusals.
 * booking/only-writer.test.ts fails if any other server code writes those tables.
 */
export { book, bookingIdsOf, cancel, getSeries, listChangeRoomUse, preview, previewRebook, rebook } from './engine'
// A renter's request holds its slot (ADR 0055): hold, confirm as a booking, or let go.
export { confirmHold, dropHolds, holdIce, type Hold, type HoldInput } from './holds'
export {
  addHolidayClosures,
  createClosure,
  deleteClosure,
  listClosuresInRange,
  listFacilityClosures,
  previewClosure,
  previewHolidayClosures,
} from './closures/service'
export { listHolidayCountries } from './closures/public-holidays'
// How readers elsewhere (lists, the month grid, the timeline) select an event and reach its space.
export { eventColumns, facilityOfRoom, roomOfSchedule } from './repository'
