// Structured JSON lines on stdout/stderr. Never pass passwords, cookies, tokens or reset links here.
export function logInfo(msg: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ level: 'info', time: new Date().toISOString(), msg, ...fields })}\n`)
}

// Drizzle puts a failed query's parameters (user data) after 'params:'; the log keeps the SQL only.
const withoutParams = (text: string | undefined) => text?.replace(/\nparams:[^\n]*/g, '\nparams: [omitted]')

export function logError(msg: string, error: unknown, fields: Record<string, unknown> = {}): void {
  const detail =
    error instanceof Error ? { error: withoutParams(error.message), stack: withoutParams(error.stack) } : { error: String(error) }
  process.stderr.write(`${JSON.stringify({ level: 'error', time: new Date().toISOString(), msg, ...fields, ...detail })}\n`)
}
