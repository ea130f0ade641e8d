import { ERROR_CODES, type ErrorCode } from '@shared/api-error'

// Services throw these; the one error handler in http/error-handler.ts turns them into
// the `{ error: { code, message, fields } }` body with the code's status.
export class AppError extends Error {
  readonly code: ErrorCode
  readonly fields: Record<string, string> | undefined

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.fields = fields
  }

  get status() {
    return ERROR_CODES[this.code]
  }
}

// One message for "missing" and "someone else's", so ids never leak across operators.
export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`)
}

type PostgresError = { code: string; constraint?: string; detail?: string }

// Drivers and drizzle wrap the server's error differently; the SQLSTATE sits somewhere in the cause chain.
export function findPostgresError(error: unknown): PostgresError | null {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as Partial<PostgresError> & { cause?: unknown }
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as PostgresError
    }
    current = candidate.cause
  }
  return null
}

// PostgreSQL text cannot hold a NUL character; no form can type one, so only a crafted request carries it.
export const NUL_CHARACTER_MESSAGE = 'The text contains a character that cannot be saved'

export const SQLSTATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  exclusionViolation: '23P01',
  // Raised for a NUL character, which PostgreSQL text cannot hold.
  characterNotInRepertoire: '22021',
  // Raised for the same NUL when it reaches text through JSON ('\u0000' cannot become text).
  untranslatableCharacter: '22P05',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  // A statement cancelled, above all by the statement timeout.
  queryCanceled: '57014',
} as const
