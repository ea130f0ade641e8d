import { resolve } from 'node:path'

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
}

// PostgreSQL does its work on the database's cores: past a few connections per core, more only
// queue inside it, switching between backends, instead of in the pool (docs/benchmarks.md).
const DEFAULT_POOL_SIZE = 10

const DEVELOPMENT_SECRET = 'fieldhouse-local-development-secret-change-me-in-production'

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const isProduction = source.NODE_ENV === 'production'
  const secret = source.AUTH_SECRET ?? source.BETTER_AUTH_SECRET
  const port = Number(source.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${source.PORT}"`)
  }
  const databasePoolSize = Number(source.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE)
  if (!Number.isInteger(databasePoolSize) || databasePoolSize < 1) {
    throw new Error(`DATABASE_POOL_SIZE must be a whole number of at least 1, got "${source.DATABASE_POOL_SIZE}"`)
  }
  if (secret !== undefined && secret.length < 32) {
    throw new Error('AUTH_SECRET must be at least 32 characters long')
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
  }
}
