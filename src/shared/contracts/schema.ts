import { z } from 'zod'
import { CONTRACT_STATUSES, LIMITS } from '@shared/limits'
import { calendarDate, cleanMultiline, optionalText, requiredText, whenValid } from '@shared/schema-fields'
import { CONTRACT_SCOPES, SCOPE_ROOM_TYPES } from './scope'

export const CONTRACT_MESSAGES = {
  required: 'Please fill in all required fields',
  totalHours: 'Total hours must be greater than 0',
  hoursUsed: 'Hours used must be between 0 and total hours',
  hoursStep: 'Hours can have at most 2 decimal places',
  usageInvalid: 'Please fill in all required fields with valid data',
  scopeTypes: 'Choose at least one space type',
  scopeSpaces: 'Choose at least one space',
  name: 'Please enter a name for the contract',
  endDate: 'End date must be on or after the start date',
  endDateInvalid: 'Please enter the end date as a date',
  prepaidPrice: 'The prepaid price must be a whole amount of 0 or more',
} as const

/** The largest prepaid price in minor units, as the contracts table holds it. */
export const MAX_PREPAID_PRICE_MINOR = 100_000_000_000

const hours = (message: string) =>
  z
    .number({ error: message })
    .multipleOf(LIMITS.contract.hoursStep, CONTRACT_MESSAGES.hoursStep)
    .max(LIMITS.contract.maxHours, `Hours must be ${LIMITS.contract.maxHours} or less`)

export const contractInput = z
  .object({
    clientId: z.uuid({ error: CONTRACT_MESSAGES.required }),
    // What the rink calls it, '2026–27 Season' (ADR 0049).
    name: requiredText(LIMITS.contract.name, { label: 'Name', required: CONTRACT_MESSAGES.name }),
    startDate: calendarDate(CONTRACT_MESSAGES.required),
    // The last day it charges bookings; blank or missing: it runs on (ADR 0049).
    endDate: z
      .string({ error: CONTRACT_MESSAGES.endDateInvalid })
      .nullish()
      .transform((value) => value || null)
      .pipe(calendarDate(CONTRACT_MESSAGES.endDateInvalid).nullable()),
    totalHours: hours(CONTRACT_MESSAGES.required).positive(CONTRACT_MESSAGES.totalHours),
    // Left out, an edit keeps the hours used as they are: bookings may have overdrawn the contract,
    // and the rule below is for hours the operator sets, so editing anything else stays possible.
    // A new contract without it starts at 0.
    hoursUsed: hours(CONTRACT_MESSAGES.hoursUsed).min(0, CONTRACT_MESSAGES.hoursUsed).optional(),
    status: z.enum(CONTRACT_STATUSES, { error: 'Please choose a status' }).default('active'),
    notes: optionalText(LIMITS.contract.notes, 'Notes', { multiline: true }),
    // Where it applies (ADR 0029): the list that goes with the choice is kept, the other dropped,
    // so that a form switching between them can keep both lists while the operator decides.
    appliesTo: z.enum(CONTRACT_SCOPES, { error: 'Please choose where the contract applies' }).default('all'),
    roomTypes: z
      .array(z.enum(SCOPE_ROOM_TYPES, { error: 'Please choose space types from the list' }))
      .max(SCOPE_ROOM_TYPES.length * 2)
      .default([]),
    spaceIds: z
      .array(z.uuid({ error: 'Please choose spaces from the list' }))
      .max(LIMITS.contract.maxScopeSpaces, `A contract can be limited to at most ${LIMITS.contract.maxScopeSpaces} spaces`)
      .default([]),
    // 'Prepaid price' in minor units: the block of hours is invoiced once at this price and its
    // bookings bill at 0 (docs/product.md#billing). Null: the contract counts hours only. Left
    // out, a new contract has none and an edit keeps the one it has.
    prepaidPriceMinor: z
      .int({ error: CONTRACT_MESSAGES.prepaidPrice })
      .min(0, CONTRACT_MESSAGES.prepaidPrice)
      .max(MAX_PREPAID_PRICE_MINOR, CONTRACT_MESSAGES.prepaidPrice)
      .nullable()
      .optional(),
  })
  .refine(({ hoursUsed, totalHours }) => hoursUsed === undefined || hoursUsed <= totalHours, {
    message: CONTRACT_MESSAGES.hoursUsed,
    path: ['hoursUsed'],
    ...whenValid('hoursUsed', 'totalHours'),
  })
  // ISO dates compare as strings.
  .refine(({ startDate, endDate }) => endDate === null || endDate >= startDate, {
    message: CONTRACT_MESSAGES.endDate,
    path: ['endDate'],
    ...whenValid('startDate', 'endDate'),
  })
  .refine(({ appliesTo, roomTypes }) => appliesTo !== 'types' || roomTypes.length > 0, {
    message: CONTRACT_MESSAGES.scopeTypes,
    path: ['roomTypes'],
    ...whenValid('appliesTo', 'roomTypes'),
  })
  .refine(({ appliesTo, spaceIds }) => appliesTo !== 'spaces' || spaceIds.length > 0, {
    message: CONTRACT_MESSAGES.scopeSpaces,
    path: ['spaceIds'],
    ...whenValid('appliesTo', 'spaceIds'),
  })
  .transform(({ roomTypes, spaceIds, ...input }) => ({
    ...input,
    roomTypes: input.appliesTo === 'types' ? SCOPE_ROOM_TYPES.filter((type) => roomTypes.includes(type)) : [],
    spaceIds: input.appliesTo === 'spaces' ? [...new Set(spaceIds.map((id) => id.toLowerCase()))] : [],
  }))
export type ContractFormValues = z.input<typeof contractInput>
export type ContractInput = z.output<typeof contractInput>

// The spec gives one message for every problem with a usage log.
const invalidUsage = CONTRACT_MESSAGES.usageInvalid

export const usageInput = z.object({
  contractId: z.uuid({ error: invalidUsage }),
  usageDate: calendarDate(invalidUsage),
  hours: z
    .number({ error: invalidUsage })
    .min(LIMITS.usage.hoursMin, invalidUsage)
    .multipleOf(LIMITS.usage.hoursStep, invalidUsage)
    .max(LIMITS.contract.maxHours, invalidUsage),
  description: z
    .string()
    .overwrite(cleanMultiline)
    .trim()
    .max(LIMITS.usage.description, invalidUsage)
    .nullish()
    .transform((value) => value || null),
})
export type UsageFormValues = z.input<typeof usageInput>
export type UsageInput = z.output<typeof usageInput>

/**
 * GET /api/clients/:id/charging-contract: the space a booking would be made in, and the day (in
 * its facility's zone) it starts: a contract that has ended by then charges nothing (ADR 0049).
 */
export const chargingContractQuery = z.object({
  roomId: z.uuid({ error: 'Space not found' }),
  date: calendarDate('Please choose a valid date'),
})
