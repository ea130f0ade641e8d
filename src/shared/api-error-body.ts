import { z } from 'zod'
import { ERROR_CODES, type ErrorCode } from '@shared/api-error'

// Apart from api-error.ts, whose constants screens import, so that none of them loads zod for it.

/** Every error answer of the API, whatever its status: `{ error: { code, message, fields? } }`. */
export const apiErrorBody = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    message: z.string().min(1),
    /** Field path (dot-joined, e.g. 'recurrence.endDate') to its first message. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
})
