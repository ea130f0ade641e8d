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
