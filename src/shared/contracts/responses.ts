import { z } from 'zod'
import { CONTRACT_STATUSES } from '@shared/limits'
import { calendarDay, exactHours, instant } from '@shared/response-fields'
import { CONTRACT_SCOPES, SCOPE_ROOM_TYPES } from './scope'

export const contract = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  /** What the rink calls it ('2026–27 Season'). */
  name: z.string(),
  startDate: calendarDay,
  /** The last day it charges bookings; null: it runs on (ADR 0049). */
  endDate: calendarDay.nullable(),
  totalHours: exactHours,
  /** Read from the usage ledger, never stored (ADR 0014). */
  hoursUsed: exactHours,
  /** The part of hoursUsed charged by events that have not ended yet: booked, not yet used. */
  hoursBooked: exactHours,
  status: z.enum(CONTRACT_STATUSES),
  notes: z.string().nullable(),
  /** Where it applies (ADR 0029): every space, the listed types, or the listed spaces. */
  appliesTo: z.enum(CONTRACT_SCOPES),
  roomTypes: z.array(z.enum(SCOPE_ROOM_TYPES)),
  spaces: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** 'Prepaid price' in the currency's minor units; null: the contract counts hours only. */
  prepaidPriceMinor: z.int().nullable(),
  createdAt: instant,
})

/** One client's contracts with their exact totals. */
export const contractGroup = z.object({
  client: z.object({ id: z.uuid(), name: z.string() }),
  totals: z.object({ totalHours: exactHours, hoursUsed: exactHours, hoursRemaining: exactHours }),
  contracts: z.array(contract),
})

/** GET /api/contracts: grouped per client, by client name. */
export const contractGroupListResponse = z.object({ groups: z.array(contractGroup) })

/** GET /api/clients/:id/contracts, latest start first. */
export const contractListResponse = z.object({ contracts: z.array(contract) })

/** POST /api/contracts, PUT /api/contracts/:id */
export const contractResponse = z.object({ contract })

/**
 * GET /api/clients/:id/charging-contract?roomId=&date=: the contract a booking of the client in
 * that space on that day would be charged to now, with the client's name, or null when none applies.
 */
export const chargingContractResponse = z.object({ contract: contract.extend({ clientName: z.string() }).nullable() })

/** A row of a client's Usage Report: hours logged by hand, or charged by a booked event. */
const usageRow = z.object({
  id: z.uuid(),
  contractId: z.uuid(),
  contractName: z.string(),
  usageDate: calendarDay,
  hoursLogged: exactHours,
  description: z.string().nullable(),
  /** The booked event the row charges, shown in its facility's zone. */
  schedule: z.object({ id: z.uuid(), title: z.string(), startTime: instant, timeZone: z.string() }).nullable(),
})

/** GET /api/clients/:id/usage: newest first, with the hours logged per contract. */
export const usageReportResponse = z.object({
  usage: z.array(usageRow),
  totals: z.array(z.object({ contractId: z.uuid(), contractName: z.string(), hoursLogged: exactHours })),
})

/** POST /api/usage: the new row, and the contract's hours used once it counts. */
export const usageLogResponse = z.object({
  usage: z.object({
    id: z.uuid(),
    contractId: z.uuid(),
    usageDate: calendarDay,
    hoursLogged: exactHours,
    description: z.string().nullable(),
    scheduleId: z.uuid().nullable(),
  }),
  contract: z.object({ id: z.uuid(), hoursUsed: exactHours }),
})
