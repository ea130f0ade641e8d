import { z } from 'zod'
import { calendarDay, exactHours, instant } from '@shared/response-fields'
import { client } from '@shared/clients/responses'

// What GET /api/clients/:id/statement answers (docs/product.md#exports-and-statements). Hours are
// exact decimals ('12.50'), as the contracts speak them, so a running balance adds up to the cent.

export const statementLine = z.object({
  date: calendarDay,
  // 'booking': a booked event's charge; 'usage': hours logged by hand.
  kind: z.enum(['booking', 'usage']),
  description: z.string(),
  spaceName: z.string().nullable(),
  start: instant.nullable(),
  end: instant.nullable(),
  timeZone: z.string().nullable(),
  hours: exactHours,
  /** What the contract has left once this line is charged. */
  remainingHours: exactHours,
})
export type StatementLine = z.infer<typeof statementLine>

export const statementContract = z.object({
  id: z.uuid(),
  name: z.string(),
  startDate: calendarDay,
  endDate: calendarDay.nullable(),
  totalHours: exactHours,
  /** Used before the period: the hours set by hand and every line dated before `from`. */
  openingUsedHours: exactHours,
  openingRemainingHours: exactHours,
  lines: z.array(statementLine),
  closingRemainingHours: exactHours,
})
export type StatementContract = z.infer<typeof statementContract>

/** A booking of the client's in the period that no contract was charged for. */
export const unchargedBooking = z.object({
  date: calendarDay,
  title: z.string(),
  spaceName: z.string(),
  start: instant,
  end: instant,
  timeZone: z.string(),
  hours: exactHours,
})

export const statementResponse = z.object({
  client: client.pick({
    id: true,
    name: true,
    email: true,
    phone: true,
    company: true,
    address: true,
    city: true,
    provinceState: true,
    postalCode: true,
    country: true,
  }),
  period: z.object({ from: calendarDay, to: calendarDay }),
  organisation: z.object({ name: z.string() }),
  generatedAt: instant,
  contracts: z.array(statementContract),
  uncharged: z.array(unchargedBooking),
})
export type StatementResponse = z.infer<typeof statementResponse>
