// What the rest of the app uses of calendar feeds; everything else here is the feature's own (ADR 0019).
export { CalendarFeedButton, CalendarFeedDialog } from './calendar-feed-button'
