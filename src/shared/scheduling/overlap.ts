/** A span of time as UTC instants, end exclusive. */
export interface TimeRange {
  start: Date
  end: Date
}

// end is exclusive: [start, end) lets back-to-back bookings touch without conflicting,
// the same rule as the database's '[)' exclusion constraint.
export function rangesOverlap(a: TimeRange, b: TimeRange): boolean {
  return a.start.getTime() < b.end.getTime() && a.end.getTime() > b.start.getTime()
}

export function findOverlapping<T extends TimeRange>(range: TimeRange, candidates: readonly T[]): T[] {
  return candidates.filter((candidate) => rangesOverlap(candidate, range))
}
