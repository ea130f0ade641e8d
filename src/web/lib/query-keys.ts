/**
 * The root of every query of events. The events feature builds its keys below it; whatever else
 * changes events (deleting a facility or a space) invalidates it whole without importing that
 * feature, which imports the facilities feature itself.
 */
export const EVENTS_QUERY_ROOT = ['events'] as const
