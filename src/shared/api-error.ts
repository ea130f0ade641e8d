import type { z } from 'zod'
import type { apiErrorBody } from '@shared/api-error-body'

/** Every error the API answers, with its HTTP status. */
export const ERROR_CODES = {
  UNAUTHENTICATED: 401,
  NOT_APPROVED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const

export type ErrorCode = keyof typeof ERROR_CODES

/** The one error body of the API: `{ error: { code, message, fields? } }`. */
export type ApiErrorBody = z.infer<typeof apiErrorBody>

/** Issues that concern the whole input rather than one field; react-hook-form's setError knows the name. */
export const FORM_LEVEL_FIELD = 'root'

/** The first message per field, so a form can show each field's error beside it. */
export function zodIssuesToFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : FORM_LEVEL_FIELD
    fields[field] ??= issue.message
  }
  return fields
}
