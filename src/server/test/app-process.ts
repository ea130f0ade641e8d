import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const mainPath = fileURLToPath(new URL('../main.ts', import.meta.url))

export type AppProcess = {
  origin: string
  child: ChildProcess
  output: () => string
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

// A whole Fieldhouse server in its own process, as production runs it.
export async function startAppProcess(environment: Record<string, string>, nodeOptions: string[] = []): Promise<AppProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', mainPath], {
    // eslint-disable-next-line no-restricted-properties -- the child inherits PATH and friends; its own settings follow
    env: { ...process.env, LOG_REQUESTS: 'false', DATABASE_URL: '', ...environment, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += String(chunk)))
  child.stderr?.on('data', (chunk) => (output += String(chunk)))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const origin = `http://127.0.0.1:${port}`

  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited early:\n${output}`)
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) break
    if (Date.now() > deadline) throw new Error(`the app did not start in time:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }

  return {
    origin,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

// Requests as a browser on that origin sends them.
export function clientFor(origin: string) {
  return async (path: string, { method = 'GET', body, cookie }: { method?: string; body?: unknown; cookie?: string } = {}) =>
    fetch(`${origin}${path}`, {
      method,
      headers: {
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
}
