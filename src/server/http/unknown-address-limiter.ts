export type UnknownAddressLimits = {
  /** 'Not found' answers one client address gets per window; past them it is refused. */
  perWindow: number
  windowMs: number
  /** Addresses remembered at most; past that the one whose window started first is forgotten. */
  maxAddresses: number
}

type Window = { startedAt: number; count: number }

/**
 * Board and calendar feed addresses are public but unlisted: this keeps anyone from finding them
 * by trying names. Each client address may get a few "no such board" (or feed) answers per fixed
 * window; past that it is refused for the rest of the window. Only unknown addresses count, so a
 * real board or feed is never cut off. The windows live in this instance's memory, bounded by
 * maxAddresses.
 */
export function createUnknownAddressLimiter({ perWindow, windowMs, maxAddresses }: UnknownAddressLimits, now: () => number = Date.now) {
  // In order of the windows' start, so that the first entries are the ones over or the oldest.
  const windows = new Map<string, Window>()

  const forgetEndedWindows = (time: number) => {
    for (const [address, window] of windows) {
      if (time < window.startedAt + windowMs) return
      windows.delete(address)
    }
  }

  return {
    /** Counts a 'not found' answer for this address: false when it has had its share of the window. */
    allow(address: string): boolean {
      const time = now()
      forgetEndedWindows(time)
      let window = windows.get(address)
      if (!window) {
        if (windows.size >= maxAddresses) windows.delete(windows.keys().next().value!)
        window = { startedAt: time, count: 0 }
        windows.set(address, window)
      }
      if (window.count >= perWindow) return false
      window.count += 1
      return true
    },

    /** How many addresses are remembered. */
    get size() {
      return windows.size
    },
  }
}

export type UnknownAddressLimiter = ReturnType<typeof createUnknownAddressLimiter>
