import { afterEach, describe, expect, it, vi } from 'vitest'
import { logError } from './log'

describe('logError', () => {
  afterEach(() => vi.restoreAllMocks())

  it('keeps the SQL of a failed query and drops its parameters, which are user data', () => {
    const lines: string[] = []
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    })
    const error = new Error('Failed query: insert into "clients" ("name") values ($1)\nparams: Secret Client Name')
    logError('request failed', error, { path: '/api/clients' })
    const entry = JSON.parse(lines[0]!) as { error: string; stack: string; path: string }
    expect(entry.error).toContain('insert into "clients"')
    expect(entry.error).not.toContain('Secret Client Name')
    expect(entry.stack).not.toContain('Secret Client Name')
    expect(entry.path).toBe('/api/clients')
  })
})
