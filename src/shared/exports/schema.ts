import { z } from 'zod'
import { facilityFilter, periodFields } from '@shared/reports/schema'
import { REPORT_LIMITS } from '@shared/reports/limits'

// What the exports and a client's statement take (docs/product.md#exports-and-statements): the
// reports' period, two local dates both inclusive, up to ten years for an export.

const exportPeriod = periodFields(REPORT_LIMITS.exportMaxDays)

/** GET /api/exports/events.csv?facilityId=…|all&from=…&to=… */
export const eventExportQuery = exportPeriod.refine(z.object({ facilityId: facilityFilter, ...exportPeriod.shape }))
export type EventExportQuery = z.output<typeof eventExportQuery>

/** GET /api/exports/usage.csv?from=…&to=… and a client's statement: usage dated in the period. */
export const periodQuery = exportPeriod.refine(z.object(exportPeriod.shape))
export type PeriodQuery = z.output<typeof periodQuery>
