import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { createAuth } from './auth/auth'
import { openDatabase } from './db/client'
import { DataDirLockedError } from './db/data-dir-lock'
import { ConfigurationError, readEnv } from './env'
import { logError, logInfo } from './log'
import { startMailWorker } from './mail'
import { endLiveStreams } from './realtime/live-streams'
import { createRequestClock, startRequestSweeper } from './modules/renting/requests/sweeper'

const defaultWebRoot = fileURLToPath(new URL('../../dist/web', import.meta.url))

async function main() {
  const env = readEnv()
  // In production readEnv refuses to start without a secret of the operator's own.
  if (env.isAuthSecretDefault) logInfo('AUTH_SECRET is not set; using the local development secret.')

  const database = await openDatabase(
    env.databaseUrl
      ? { kind: 'postgres', url: env.databaseUrl, poolSize: env.databasePoolSize, statementTimeoutMs: env.statementTimeoutMs }
      : { kind: 'pglite', dataDir: env.dataDir },
  )
  const auth = createAuth({ db: database.db, env })
  const webRoot = env.webRoot ?? defaultWebRoot
  const requestClock = createRequestClock()
  const app = createApp({ database, auth, env, webRoot: existsSync(webRoot) ? webRoot : null, requestClock })
  // Delivers the outbox (or, without SMTP_URL, keeps every message): docs/product.md#email.
  const mailWorker = startMailWorker({ db: database.db, env })
  if (!env.smtpUrl) logInfo('SMTP_URL is not set; outgoing mail is kept on the Mail page, not sent.')
  // Expires renters' requests left unanswered (docs/product.md#renters).
  const requestSweeper = startRequestSweeper({ db: database.db, env, clock: requestClock })
  if (env.testClock) logInfo("TEST_CLOCK is set; POST /api/test/clock moves the request sweeper's clock.")

  const server = serve({ fetch: app.fetch, port: env.port }, (info) => {
    logInfo(`Fieldhouse is listening on http://localhost:${info.port}`, {
      database: database.kind,
      dataDir: database.kind === 'pglite' ? env.dataDir : undefined,
    })
  })
  // An idle keep-alive connection is closed after this long, longer than a client or a proxy in
  // front keeps one (60 s is common): with Node's 5 s, a client that sends on a connection the
  // moment the server closes it gets a reset instead of an answer, and a POST is not retried.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
  }

  let isShuttingDown = false
  const shutDown = (signal: string) => {
    if (isShuttingDown) return
    isShuttingDown = true
    logInfo('shutting down', { signal })
    // close() stops accepting connections and waits for in-flight requests to finish; the
    // boards' live streams never finish by themselves, so they are ended first.
    endLiveStreams()
    server.close(async () => {
      // A send cut off here stays 'sending' and is claimed again once its lease runs out.
      await mailWorker.stop()
      await requestSweeper.stop()
      await database.close()
      logInfo('stopped')
      process.exit(0)
    })
    if ('closeIdleConnections' in server) server.closeIdleConnections()
    setTimeout(() => {
      logInfo('forcing exit after 10 s')
      process.exit(1)
    }, 10_000).unref()
  }
  process.on('SIGINT', () => shutDown('SIGINT'))
  process.on('SIGTERM', () => shutDown('SIGTERM'))
}

main().catch((error) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigurationError) {
    process.stderr.write(`\n${error.message}\n\n`)
  } else {
    logError('failed to start', error)
  }
  process.exit(1)
})
