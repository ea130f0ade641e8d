import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ApiErrorBody } from '@shared/api-error'
import { AppError, findPostgresError, NUL_CHARACTER_MESSAGE, SQLSTATE } from '../errors'
import { logError } from '../log'
import { loggablePath } from './request-log'

function body(code: ApiErrorBody['error']['code'], message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } }
}

// The single place where an exception becomes an HTTP answer. No stack trace ever leaves.
export function handleError(error: unknown, c: Context): Response {
  if (error instanceof AppError) {
    return c.json(body(error.code, error.message, error.fields), error.status)
  }
  if (error instanceof HTTPException) {
    if (error.status === 413) return c.json(body('PAYLOAD_TOO_LARGE', 'The request body is too large'), 413)
    if (error.status === 400) return c.json(body('VALIDATION', 'The request body must be valid JSON'), 422)
    if (error.status < 500) return c.json(body('VALIDATION', error.message || 'Bad request'), 422)
  }
  const postgres = findPostgresError(error)
  if (postgres?.code === SQLSTATE.exclusionViolation) {
    return c.json(body('CONFLICT', 'Time slot conflicts with an existing event'), 409)
  }
  if (postgres?.code === SQLSTATE.uniqueViolation) {
    return c.json(body('CONFLICT', 'That already exists'), 409)
  }
  if (postgres?.code === SQLSTATE.checkViolation) {
    return c.json(body('VALIDATION', 'The data breaks a rule of the database'), 422)
  }
  if (postgres?.code === SQLSTATE.characterNotInRepertoire || postgres?.code === SQLSTATE.untranslatableCharacter) {
    return c.json(body('VALIDATION', NUL_CHARACTER_MESSAGE), 422)
  }
  // Logged all the same: the statement named in the error is the one to look at, or what held it up.
  if (postgres?.code === SQLSTATE.queryCanceled) {
    logError('statement cancelled', error, { method: c.req.method, path: loggablePath(c) })
    return c.json(body('UNAVAILABLE', 'The database is busy right now. Please try again in a moment.'), 503)
  }
  logError('unhandled error', error, { method: c.req.method, path: loggablePath(c) })
  return c.json(body('INTERNAL', 'An unexpected error occurred'), 500)
}
