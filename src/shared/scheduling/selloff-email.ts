import { TZDate } from '@date-fns/tz'
import { localDateOf } from './local-day'
import { sellableInventory, type InventorySpace } from './selloff-inventory'
import type { Slot } from './slots'

export const DEFAULT_FACILITY_NAME = 'Our Facility'
export const NO_AVAILABILITY_TEXT = 'No availability at the moment'

export interface SelloffEmailRequest {
  /** Blank or missing falls back to 'Our Facility'. */
  facilityName?: string | null
  /** Linked spaces (by parentId) are sold as one inventory (sellableInventory). */
  rooms: readonly InventorySpace[]
  timeZone: string
  /** Tells today's slots from tomorrow's when the window crosses midnight. */
  now: Date
}

export interface SelloffEmail {
  subject: string
  body: string
}

/** The prefilled 'Selloff Email Template' (docs/product.md#marketing): plain text, so user content is never markup. */
export function buildSelloffEmail({ facilityName, rooms, timeZone, now }: SelloffEmailRequest): SelloffEmail {
  const facility = facilityName?.trim() || DEFAULT_FACILITY_NAME
  const today = localDateOf(now, timeZone)
  const roomSections = sellableInventory(rooms).map(({ label, blocks }) =>
    [label, ...blocks.map((slot) => `• ${formatSlot(slot, timeZone, today)}`)].join('\n'),
  )

  const body = [
    'Hi there,',
    `Here is our last-minute availability at ${facility}:`,
    ...(roomSections.length > 0 ? roomSections : [NO_AVAILABILITY_TEXT]),
    'Reply to this email to book your time. First come, first served!',
    `Best regards,\n${facility} Team`,
  ].join('\n\n')

  return { subject: `Last Minute Availability at ${facility}!`, body }
}

/** A time as the email shows it, like '9:30 am', on the facility's wall clock. */
export function formatEmailTime(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone)
  const hours = local.getHours()
  const minutes = String(local.getMinutes()).padStart(2, '0')
  // Written by hand because Intl's 'AM' and its narrow no-break space differ between engines.
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`
}

function formatSlot(slot: Slot, timeZone: string, today: string): string {
  // A window of at most 12 hours reaches tomorrow at the latest.
  const day = localDateOf(slot.start, timeZone) === today ? '' : 'Tomorrow '
  return `${day}${formatEmailTime(slot.start, timeZone)} - ${formatEmailTime(slot.end, timeZone)}`
}
