// A facility's prime time and its default, alone in their module: the facility form starts a new
// facility from the default without loading the prime-time maths (prime-time.ts) and the zone
// code it needs (docs/benchmarks.md). The same default as the facilities table's (migration 0040).

/**
 * A facility's prime time as wall-clock times 'HH:MM', one window for weekdays and one for
 * Saturday and Sunday. An end of '00:00' is the midnight that ends the day, as for operating
 * hours; otherwise the end is after the start (the facilities table checks the same).
 */
export interface PrimeTime {
  weekdayStart: string
  weekdayEnd: string
  weekendStart: string
  weekendEnd: string
}

export const DEFAULT_PRIME_TIME: PrimeTime = {
  weekdayStart: '16:00',
  weekdayEnd: '22:00',
  weekendStart: '07:00',
  weekendEnd: '22:00',
}
