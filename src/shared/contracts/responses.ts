import { z } from 'zod'
import { CONTRACT_STATUSES } from '@shared/limits'
import { calendarDay, exactHours, instant } from '@shared/response-fields'

export const contract = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  startDate: calendarDay,
  totalHours: exactHours,
  /** Read from the usage ledger, never stored (ADR 0014). */
  hoursUsed: exactHours,
  status: z.enum(CONTRACT_STATUSES),
  notes: z.string().nullable(),
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

/** A row of a client's Usage Report: hours logged by hand, or charged by a booked event. */
const usageRow = z.object({
  id: z.uuid(),
  contractId: z.uuid(),
  usageDate: calendarDay,
  hoursLogged: exactHours,
  description: z.string().nullable(),
  /** The booked event the row charges, shown in its facility's zone. */
  schedule: z.object({ id: z.uuid(), title: z.string(), startTime: instant, timeZone: z.string() }).nullable(),
})

/** GET /api/clients/:id/usage: newest first, with the hours logged per contract. */
export const usageReportResponse = z.object({
  usage: z.array(usageRow),
  totals: z.array(z.object({ contractId: z.uuid(), hoursLogged: exactHours })),
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
