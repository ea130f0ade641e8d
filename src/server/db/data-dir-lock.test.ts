import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './data-dir-lock'

describe('lockDataDir', () => {
  const releases: Array<() => void> = []
  afterEach(() => releases.splice(0).forEach((release) => release()))

  it('refuses a second owner of the same folder, and frees it on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-lock-'))
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    release()
    releases.push(lockDataDir(dir))
  })

  it('refuses a folder whose lock belongs to another live node process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-lock-'))
    // The parent of this test worker is a live node process that is not us.
    writeFileSync(join(dir, 'fieldhouse.lock'), String(process.ppid))
    expect(() => lockDataDir(dir)).toThrow(/in use by another Fieldhouse process/)
  })

  it('takes over a lock left by a process that is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-lock-'))
    writeFileSync(join(dir, 'fieldhouse.lock'), '999999999')
    releases.push(lockDataDir(dir))
    expect(readFileSync(join(dir, 'fieldhouse.lock'), 'utf8')).toBe(String(process.pid))
  })
})
