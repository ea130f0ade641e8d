// Reports (docs/product.md#reports): a period is at most a season and a bit for a report, ten
// years for an export of events; a contract is 'running out' when its pace (the usage of the last
// paceDays, per week) empties it within runningOutWeeks; releases lists the newest only. Kept out
// of limits.ts, which every page's dialogs load, as IMPORT_LIMITS is.
export const REPORT_LIMITS = { maxDays: 400, exportMaxDays: 3_700, paceDays: 28, runningOutWeeks: 4, releasesListLimit: 100 } as const
