import { LIMITS } from '@shared/limits'

/** '2.50' → '2.5', '10.00' → '10': the exact decimal from the server, without trailing zeros. */
export function formatHours(hours: string): string {
  return hours.includes('.') ? hours.replace(/\.?0+$/, '') : hours
}

/** Hours used as a whole percentage of the total (docs/product.md#clients-and-contracts); may pass 100 when a contract is overused. */
export function usedPercent(hoursUsed: string, totalHours: string): number {
  const total = Number(totalHours)
  return total > 0 ? Math.round((Number(hoursUsed) / total) * 100) : 0
}

/** The contract id as shown: its first 8 characters (docs/product.md#clients-and-contracts). */
export function shortContractId(id: string): string {
  return id.slice(0, LIMITS.contract.idDisplayLength)
}

/** A number field's value for the schema: empty is undefined, so it reads as missing rather than as 0. */
export function parseHoursField(value: unknown): number | undefined {
  return value === '' || value == null ? undefined : Number(value)
}

/** '1.00' → '1 hour', '2.50' → '2.5 hours' */
export function formatHoursCount(hours: string): string {
  const formatted = formatHours(hours)
  return `${formatted} ${formatted === '1' ? 'hour' : 'hours'}`
}

/** '2.75' → 275: the server's exact decimal as whole hundredths of an hour, for exact sums. */
export function toHundredths(hours: string): number {
  return Math.round(Number(hours) * 100)
}

/** 275 → '2.75', 400 → '4', -125 → '-1.25' */
export function formatHundredths(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : ''
  return sign + formatHours((Math.abs(hundredths) / 100).toFixed(2))
}

/** What one event of this many minutes is charged, in hundredths, rounded as the server rounds it. */
export function hundredthsOfMinutes(minutes: number): number {
  return Math.round((minutes * 100) / 60)
}

type ContractHours = { totalHours: string; hoursUsed: string; hoursBooked: string }

/**
 * A contract's hours told apart (docs/product.md#clients-and-contracts), in hundredths: booked
 * (events not ended yet), used (past events, logged and manual hours), remaining (never below
 * 0) and overdrawn (what is used beyond the total). hoursUsed counts booked and used together.
 */
export function splitHours(contract: ContractHours) {
  const total = toHundredths(contract.totalHours)
  const usedInAll = toHundredths(contract.hoursUsed)
  const booked = toHundredths(contract.hoursBooked)
  return {
    booked,
    used: usedInAll - booked,
    remaining: Math.max(total - usedInAll, 0),
    overdrawn: Math.max(usedInAll - total, 0),
  }
}

/**
 * A client's contracts together, as the /contracts header shows them: each card's booked, used,
 * remaining and overdrawn added up, so that the header and the cards say the same words with the
 * same numbers (docs/product.md#clients-and-contracts).
 */
export function sumHours(contracts: readonly ContractHours[]) {
  const sum = { total: 0, booked: 0, used: 0, remaining: 0, overdrawn: 0 }
  for (const contract of contracts) {
    const hours = splitHours(contract)
    sum.total += toHundredths(contract.totalHours)
    sum.booked += hours.booked
    sum.used += hours.used
    sum.remaining += hours.remaining
    sum.overdrawn += hours.overdrawn
  }
  return sum
}

/** A contract as a sentence names it: '"2026–27 Season"', with '(ends Apr 30, 2027)' when it has an end date. */
export function namedContract(name: string, formattedEndDate: string | null): string {
  return formattedEndDate ? `"${name}" (ends ${formattedEndDate})` : `"${name}"`
}

/** The dates of a booking (local 'YYYY-MM-DD') that a contract ending on `endDate` charges: none after it (ADR 0049). */
export function datesChargedBy(dates: readonly string[], endDate: string | null): number {
  return endDate === null ? dates.length : dates.filter((date) => date <= endDate).length
}

/**
 * The warning before a booking that needs more hours than its contract has left, or null:
 * 'This booking uses 4 h; Lakeshore FSC has 2.75 h left on its contract "2026–27 Season"'.
 * `contractName` is the contract as namedContract names it.
 */
export function contractHoursWarning(
  bookingHundredths: number,
  clientName: string,
  contract: ContractHours,
  contractName: string,
): string | null {
  const total = toHundredths(contract.totalHours)
  const left = total - toHundredths(contract.hoursUsed)
  if (bookingHundredths <= left) return null
  const uses = `This booking uses ${formatHundredths(bookingHundredths)} h`
  return left < 0
    ? `${uses}; ${clientName}'s contract ${contractName} is already overdrawn by ${formatHundredths(-left)} h`
    : `${uses}; ${clientName} has ${formatHundredths(left)} h left on its contract ${contractName}`
}
