import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another Fieldhouse process (pid ${pid}). ` +
        'Two processes on one embedded database silently lose writes, so this one will not open it. ' +
        'Stop the other process, or point DATA_DIR at another folder.',
    )
    this.name = 'DataDirLockedError'
  }
}

function isFieldhouseProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  // After a reboot the pid may belong to an unrelated program; only a node process counts.
  const cmdlinePath = `/proc/${pid}/cmdline`
  if (!existsSync(cmdlinePath)) return true
  try {
    return readFileSync(cmdlinePath, 'utf8').includes('node')
  } catch {
    return true
  }
}

// PGlite has no lock of its own. A lock file created with O_EXCL gives one owner per folder;
// a lock left by a crashed process is detected through its pid and taken over.
const lockedInThisProcess = new Set<string>()

export function lockDataDir(dataDir: string): () => void {
  if (lockedInThisProcess.has(dataDir)) throw new DataDirLockedError(dataDir, process.pid)
  mkdirSync(dataDir, { recursive: true })
  const lockPath = join(dataDir, 'fieldhouse.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      lockedInThisProcess.add(dataDir)
      let isReleased = false
      return () => {
        if (isReleased) return
        isReleased = true
        lockedInThisProcess.delete(dataDir)
        rmSync(lockPath, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number(readFileSync(lockPath, 'utf8').trim())
      // Our own pid in the file is a leftover from a container whose node was pid 1 as well.
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isFieldhouseProcessAlive(pid)) {
        throw new DataDirLockedError(dataDir, pid)
      }
      rmSync(lockPath, { force: true })
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`)
}
