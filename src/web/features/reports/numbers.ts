// How the reports show their numbers: hours arrive rounded to the hundredth and shares as 0 to 1
// rounded to four places (src/shared/reports/responses.ts).

const hoursFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
const shareFormats = [0, 1].map((digits) => new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: digits }))

/** 12.5 → '12.5', 1234 → '1,234', 0.25 → '0.25' */
export function formatReportHours(hours: number): string {
  return hoursFormat.format(hours)
}

/** 12.5 → '12.5 h': a figure standing alone, where no column head says the unit. */
export function formatHoursWithUnit(hours: number): string {
  return `${formatReportHours(hours)} h`
}

/** 0.4567 → '45.7%', or '46%' where a cell is small (a heatmap's). */
export function formatShare(share: number, { isWhole = false } = {}): string {
  return shareFormats[isWhole ? 0 : 1]!.format(share)
}
