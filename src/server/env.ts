import { resolve } from 'node:path'
import { LIMITS } from '@shared/limits'

// The only reader of process.env. Everything else receives an Env.
export type Env = {
  port: number
  dataDir: string
  databaseUrl: string | null
  // PostgreSQL connections this instance keeps open at most.
  databasePoolSize: number
  authSecret: string
  isAuthSecretDefault: boolean
  isProduction: boolean
  // Extra origins allowed to make state-changing requests besides the app's own.
  trustedOrigins: string[]
  // Honour X-Forwarded-For / -Proto only behind a proxy that sets them.
  trustProxy: boolean
  logRequests: boolean
  // The public address, e.g. https://fieldhouse.example.com. Secure cookies follow from https.
  baseUrl: string | null
  // The built web app; tests point it at their own build.
  webRoot: string | null
  // Every SQL statement is cancelled after this long, so a request stuck behind a lock answers
  // 503 instead of hanging. 0 turns the timeout off.
  statementTimeoutMs: number
  // Account sign-ups one client address may make per hour.
  signUpsPerAddressPerHour: number
  // Lobby board live streams one client address may hold open at once.
  boardStreamsPerAddress: number
  // Outgoing mail (docs/product.md#email, ADR 0056). No SMTP_URL: nothing is sent, every message is kept.
  smtpUrl: string | null
  mailFrom: string
  // Messages of one organisation sent in any hour at most; the rest wait.
  mailPerOrganisationPerHour: number
  // A message claimed this long ago and still 'sending' (its worker died) is claimed again.
  mailLeaseSeconds: number
  // TEST_CLOCK=true: POST /api/test/clock lets the administrator move the request sweeper's clock
  // forward, so end-to-end tests see a request expire (docs/product.md#renters). Refused in production.
  testClock: boolean
}

// PostgreSQL does its work on the database's cores: past a few connections per core, more only
// queue inside it, switching between backends, instead of in the pool (docs/benchmarks.md).
const DEFAULT_POOL_SIZE = 10

/** A setting that cannot work: the server says so plainly and does not start. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError'
}

export const DEVELOPMENT_SECRET = 'fieldhouse-local-development-secret-change-me-in-production'

const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000
const DEFAULT_SIGN_UPS_PER_ADDRESS_PER_HOUR = 10
const DEFAULT_BOARD_STREAMS_PER_ADDRESS = 20
const DEFAULT_MAIL_FROM = 'Fieldhouse <no-reply@localhost>'
// Longer than the transport's socket timeout (src/server/mail/transport.ts), so a slow send that
// is still alive is never claimed by another worker.
const DEFAULT_MAIL_LEASE_SECONDS = 300

function smtpUrlOf(source: NodeJS.ProcessEnv): string | null {
  const raw = source.SMTP_URL?.trim()
  if (!raw) return null
  let protocol = ''
  try {
    protocol = new URL(raw).protocol
  } catch {
    // Reported below.
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new ConfigurationError('SMTP_URL must look like smtp://user:password@mail.example.com:587 (or smtps://...)')
  }
  return raw
}

function wholeNumber(source: NodeJS.ProcessEnv, name: string, fallback: number, minimum: number): number {
  const raw = source[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < minimum) {
    throw new ConfigurationError(`${name} must be a whole number of at least ${minimum}, got "${raw}"`)
  }
  return value
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const isProduction = source.NODE_ENV === 'production'
  const secret = source.AUTH_SECRET ?? source.BETTER_AUTH_SECRET
  const port = Number(source.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigurationError(`PORT must be a whole number from 0 to 65535, got "${source.PORT}"`)
  }
  const databasePoolSize = wholeNumber(source, 'DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE, 1)
  if (secret !== undefined && secret.length < 32) {
    throw new ConfigurationError('AUTH_SECRET must be at least 32 characters long')
  }
  // Anyone can read the development secret in this file, and with it forge a session cookie.
  if (isProduction && (secret === undefined || secret === DEVELOPMENT_SECRET)) {
    throw new ConfigurationError(
      'AUTH_SECRET must be set to your own 32+ random characters when NODE_ENV=production (for example: openssl rand -base64 32). Refusing to start with the public development secret.',
    )
  }
  const testClock = source.TEST_CLOCK === 'true'
  if (isProduction && testClock) {
    throw new ConfigurationError(
      'TEST_CLOCK moves the clock requests expire by, for tests only: it cannot be set when NODE_ENV=production.',
    )
  }
  return {
    port,
    dataDir: resolve(source.DATA_DIR ?? './data'),
    databaseUrl: source.DATABASE_URL?.trim() || null,
    databasePoolSize,
    authSecret: secret ?? DEVELOPMENT_SECRET,
    isAuthSecretDefault: secret === undefined,
    isProduction,
    trustedOrigins: (source.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: source.TRUST_PROXY === 'true' || source.TRUST_PROXY === '1',
    logRequests: source.LOG_REQUESTS !== 'false',
    baseUrl: source.BASE_URL?.trim().replace(/\/$/, '') || null,
    webRoot: source.WEB_ROOT ? resolve(source.WEB_ROOT) : null,
    statementTimeoutMs: wholeNumber(source, 'STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS, 0),
    signUpsPerAddressPerHour: wholeNumber(source, 'SIGN_UPS_PER_ADDRESS_PER_HOUR', DEFAULT_SIGN_UPS_PER_ADDRESS_PER_HOUR, 1),
    boardStreamsPerAddress: wholeNumber(source, 'BOARD_STREAMS_PER_ADDRESS', DEFAULT_BOARD_STREAMS_PER_ADDRESS, 1),
    smtpUrl: smtpUrlOf(source),
    // One line: it becomes the From header.
    mailFrom: source.MAIL_FROM?.replace(/[\r\n]+/g, ' ').trim() || DEFAULT_MAIL_FROM,
    mailPerOrganisationPerHour: wholeNumber(source, 'MAIL_PER_ORGANISATION_PER_HOUR', LIMITS.mail.perOrganisationPerHour, 1),
    mailLeaseSeconds: wholeNumber(source, 'MAIL_LEASE_SECONDS', DEFAULT_MAIL_LEASE_SECONDS, 1),
    testClock,
  }
}

// Tests only: which databases the API tests run on (a comma list of pglite and postgres), so CI
// times each database as a stage of its own and test:quick stays on PGlite. null for all there are.
export function readTestDatabases(source: NodeJS.ProcessEnv = process.env): string[] | null {
  const kinds = (source.TEST_DATABASES ?? '')
    .split(',')
    .map((kind) => kind.trim())
    .filter(Boolean)
  return kinds.length > 0 ? kinds : null
}
