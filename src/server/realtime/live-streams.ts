// Server-sent event streams never finish on their own, and the HTTP server's close() waits for
// every open response. Shutting down ends them first; the boards reconnect to whichever
// instance serves next.
const openStreams = new Set<() => void>()

/** Registers a way to end an open stream; call the returned function once it has ended. */
export function trackLiveStream(end: () => void): () => void {
  openStreams.add(end)
  return () => {
    openStreams.delete(end)
  }
}

export function endLiveStreams(): void {
  for (const end of [...openStreams]) end()
  openStreams.clear()
}
