import { z } from 'zod'
import { calendarDay, instant } from '@shared/response-fields'

// What GET /api/reports answers (docs/product.md#reports, ADR 0066). Hours are numbers rounded
// to the hundredth (minutes / 60); shares are 0 to 1 rounded to four places.

const hours = z.number()
const share = z.number().min(0)

const utilisationNumbers = {
  bookedHours: hours,
  sellableHours: hours,
  share,
  primeBookedHours: hours,
  primeSellableHours: hours,
  primeShare: share,
  nonPrimeBookedHours: hours,
  nonPrimeSellableHours: hours,
  nonPrimeShare: share,
}

export const reportFacility = z.object({ id: z.uuid(), name: z.string(), timeZone: z.string() })

/** One sheet: a space with no whole above it, not a change room. */
export const reportSpace = z.object({
  id: z.uuid(),
  name: z.string(),
  facilityId: z.uuid(),
  facilityName: z.string(),
  parts: z.array(z.string()),
  ...utilisationNumbers,
})
export type ReportSpace = z.infer<typeof reportSpace>

/** A cell of the week: weekday 0 is Monday; only cells with sellable time are listed. */
export const heatmapCell = z.object({
  weekday: z.number().int().min(0).max(6),
  hour: z.number().int().min(0).max(23),
  bookedHours: hours,
  sellableHours: hours,
  share,
})
export type HeatmapCell = z.infer<typeof heatmapCell>

export const reportContract = z.object({
  contractId: z.uuid(),
  name: z.string(),
  totalHours: hours,
  usedInPeriodHours: hours,
  usedHours: hours,
  remainingHours: hours,
  endDate: calendarDay.nullable(),
})

export const reportClientRow = z.object({
  clientId: z.uuid(),
  clientName: z.string(),
  bookedHours: hours,
  contracts: z.array(reportContract),
})
export type ReportClientRow = z.infer<typeof reportClientRow>

export const runningOutContract = z.object({
  contractId: z.uuid(),
  contractName: z.string(),
  clientId: z.uuid(),
  clientName: z.string(),
  remainingHours: hours,
  weeklyPaceHours: hours,
  runsOutOn: calendarDay,
})
export type RunningOutContract = z.infer<typeof runningOutContract>

export const reportRelease = z.object({
  spaceName: z.string(),
  facilityName: z.string(),
  start: instant,
  end: instant,
  hours,
  resoldHours: hours,
})
export type ReportRelease = z.infer<typeof reportRelease>

/** GET /api/reports */
export const reportResponse = z.object({
  period: z.object({ from: calendarDay, to: calendarDay }),
  facilities: z.array(reportFacility),
  utilisation: z.object({
    total: z.object(utilisationNumbers),
    spaces: z.array(reportSpace),
    heatmap: z.array(heatmapCell),
  }),
  clients: z.object({
    rows: z.array(reportClientRow),
    runningOut: z.array(runningOutContract),
  }),
  unsold: z.object({
    releasedHours: hours,
    resoldHours: hours,
    primeEmptyHours: hours,
    /** Newest first, at most REPORT_LIMITS.releasesListLimit (reports/limits.ts). */
    releases: z.array(reportRelease),
  }),
})
export type ReportResponse = z.infer<typeof reportResponse>
