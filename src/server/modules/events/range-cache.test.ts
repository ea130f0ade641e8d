import { gunzipSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { createRangeCache } from './range-cache'

const FAR = new Date(8.64e15)
const events = (title: string) => ({ events: [{ roomId: 'r1', title }] })

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

describe('the facility range cache', () => {
  it('reads a watched facility’s range once, until a change of its bookings, its details or its spaces', async () => {
    const cache = createRangeCache()
    cache.startCaching()
    const load = vi.fn(async () => events('Practice'))
    const get = () => cache.get('org|f1|week', 'f1', async () => FAR, load)
    const first = await get()
    expect(await get()).toBe(first)
    expect(load).toHaveBeenCalledTimes(1)
    expect(JSON.parse(first.json)).toEqual(events('Practice'))
    expect(JSON.parse(gunzipSync(first.gzip()).toString())).toEqual(events('Practice'))

    for (const other of ['timeline:f2', 'facility:f2', 'room:r2', 'slug:lobby']) cache.changed(other)
    await get()
    expect(load).toHaveBeenCalledTimes(1)
    for (const [index, key] of ['timeline:f1', 'facility:f1', 'room:r1', null].entries()) {
      cache.changed(key)
      await get()
      expect(load).toHaveBeenCalledTimes(index + 2)
    }
  })

  it('keeps nothing for a facility nobody watches, before it listens, or past the watch', async () => {
    let now = 0
    const load = vi.fn(async () => events('Practice'))
    const cache = createRangeCache(() => now)
    await cache.get('k', 'f1', async () => FAR, load)
    await cache.get('k', 'f1', async () => FAR, load)
    expect(load).toHaveBeenCalledTimes(2)

    cache.startCaching()
    await cache.get('k', 'f1', async () => null, load)
    await cache.get('k', 'f1', async () => null, load)
    expect(load).toHaveBeenCalledTimes(4)

    await cache.get('k', 'f1', async () => new Date(1_000), load)
    await cache.get('k', 'f1', async () => FAR, load)
    expect(load).toHaveBeenCalledTimes(5)
    now = 1_000
    await cache.get('k', 'f1', async () => FAR, load)
    expect(load).toHaveBeenCalledTimes(6)
  })

  it('answers a read a notification overtook, but does not keep it', async () => {
    const cache = createRangeCache()
    cache.startCaching()
    const slow = deferred<ReturnType<typeof events>>()
    const first = cache.get(
      'k',
      'f1',
      async () => FAR,
      () => slow.promise,
    )
    await Promise.resolve()
    cache.changed('timeline:f1')
    slow.resolve(events('Before the change'))
    expect(JSON.parse((await first).json)).toEqual(events('Before the change'))
    const load = vi.fn(async () => events('After the change'))
    expect(JSON.parse((await cache.get('k', 'f1', async () => FAR, load)).json)).toEqual(events('After the change'))
    expect(load).toHaveBeenCalledTimes(1)
  })
})
