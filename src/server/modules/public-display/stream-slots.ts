/**
 * Open live-board streams per client address. Each stream holds a connection and a subscription
 * for as long as it lasts, so one address must not be able to open them without end. The count
 * lives in this instance's memory: behind a load balancer an address may hold this many on each
 * instance, which still bounds what any one of them carries. An address is remembered only while
 * it has a stream open.
 */
export function createStreamSlots(perAddress: number) {
  const held = new Map<string, number>()

  return {
    /** A slot for one more stream, and the way to give it back once the stream has ended; null when the address holds all it may. */
    take(address: string): (() => void) | null {
      const count = held.get(address) ?? 0
      if (count >= perAddress) return null
      held.set(address, count + 1)
      let isReleased = false
      return () => {
        if (isReleased) return
        isReleased = true
        const left = (held.get(address) ?? 1) - 1
        if (left > 0) held.set(address, left)
        else held.delete(address)
      }
    },

    /** Streams this address holds open now. */
    heldBy(address: string): number {
      return held.get(address) ?? 0
    },
  }
}
