import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A message as the sink received it: parsed, with its raw text and the envelope's recipients. */
export type ReceivedMail = ParsedMail & { raw: string; envelopeTo: string[] }

export type SmtpSink = {
  /** smtp://user:pass@127.0.0.1:port, for SMTP_URL. */
  url: string
  /** Every message accepted, in order. */
  messages: ReceivedMail[]
  /** The next `count` messages are answered with this SMTP code (451: try again later; 550: refused). */
  failNext: (count: number, responseCode?: number) => void
  /** Messages are read to their end but never answered, until release(); as a server that hangs. */
  stall: () => void
  /** Answers the stalled messages (without keeping them) and accepts again. */
  release: () => void
  /** Resolves once a message has reached the DATA stage since this call, whatever its answer. */
  nextData: () => Promise<void>
  /** Resolves once at least `count` messages are accepted; fails after `timeoutMs`. */
  waitForMessages: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>
  stop: () => Promise<void>
}

type SmtpError = Error & { responseCode?: number }

/**
 * A real SMTP server in the test process (no TLS, any sign-in accepted), for the mail tests of
 * every module: point SMTP_URL at `url` and read what arrives in `messages`.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = []
  let failures: { count: number; responseCode: number } = { count: 0, responseCode: 451 }
  let isStalled = false
  const stalled: (() => void)[] = []
  let dataWaiters: (() => void)[] = []

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1_000,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anyone' }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        for (const resolve of dataWaiters) resolve()
        dataWaiters = []
        if (isStalled) {
          stalled.push(() => callback(Object.assign(new Error('Released without keeping'), { responseCode: 451 }) as SmtpError))
          return
        }
        if (failures.count > 0) {
          failures.count -= 1
          const error: SmtpError = new Error(failures.responseCode >= 500 ? 'Refused for good' : 'Try again later')
          error.responseCode = failures.responseCode
          callback(error)
          return
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        simpleParser(raw).then(
          (parsed) => {
            messages.push(Object.assign(parsed, { raw, envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address) }))
            callback()
          },
          (error: Error) => callback(error),
        )
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = (server as unknown as { server: { address: () => AddressInfo } }).server.address()

  return {
    url: `smtp://sink:secret@127.0.0.1:${port}`,
    messages,
    failNext: (count, responseCode = 451) => {
      failures = { count, responseCode }
    },
    stall: () => {
      isStalled = true
    },
    release: () => {
      isStalled = false
      for (const answer of stalled.splice(0)) answer()
    },
    nextData: () => new Promise<void>((resolve) => dataWaiters.push(resolve)),
    waitForMessages: async (count, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`the sink has ${messages.length} of ${count} messages`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return messages
    },
    stop: async () => {
      isStalled = false
      for (const answer of stalled.splice(0)) answer()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
