import { validator } from 'hono/validator'
import type { z } from 'zod'
import { zodIssuesToFields } from '@shared/api-error'
import { AppError } from '../errors'

export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const fields = zodIssuesToFields(result.error)
  const first = Object.values(fields)[0] ?? 'Invalid input'
  throw new AppError('VALIDATION', first, fields)
}

// The same shared schemas the forms use, applied to the request before a route sees it.
export const jsonBody = <Schema extends z.ZodType>(schema: Schema) => validator('json', (value) => parseOrThrow(schema, value))

export const queryParams = <Schema extends z.ZodType>(schema: Schema) => validator('query', (value) => parseOrThrow(schema, value))

export const pathParams = <Schema extends z.ZodType>(schema: Schema) => validator('param', (value) => parseOrThrow(schema, value))

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// An id that cannot exist is answered like one that does not: 404, never 422.
// `Keys` names the path parameters, e.g. uuidParams<'facilityId' | 'roomId'>('Space').
export const uuidParams = <Keys extends string = 'id'>(what: string) =>
  validator('param', (params: Record<string, string>) => {
    for (const value of Object.values(params)) {
      if (!UUID_PATTERN.test(value)) throw new AppError('NOT_FOUND', `${what} not found`)
    }
    return params as Record<Keys, string>
  })
