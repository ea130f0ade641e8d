import { describe, expect, it, vi } from 'vitest'
import type { PublicBoard } from '@shared/screens/public-board'
import { createBoardCache } from './board-cache'
import type { LoadedBoard } from './load-board'

const board = (facilityName: string): PublicBoard => ({
  facilityName,
  timeZone: 'UTC',
  logoUrl: null,
  theme: 'dark',
  ticker: null,
  rooms: [],
})

const loaded = (facilityName: string, validUntil = Number.MAX_SAFE_INTEGER): LoadedBoard => ({
  board: board(facilityName),
  dependsOn: ['slug:lobby', 'screen:s1', 'room:r1'],
  validUntil,
})

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

describe('the board cache', () => {
  it('reads a board once and answers from memory until a change it depends on', async () => {
    const load = vi.fn(async () => loaded('Maple Arena'))
    const cache = createBoardCache(load)
    cache.startCaching()
    const first = await cache.get('lobby')
    expect(await cache.get('lobby')).toBe(first)
    expect(load).toHaveBeenCalledTimes(1)
    expect(JSON.parse(first!.json)).toEqual(board('Maple Arena'))
    expect(first!.etag).toMatch(/^"[\w-]{27}"$/)

    cache.changed('room:someone-else')
    await cache.get('lobby')
    expect(load).toHaveBeenCalledTimes(1)

    cache.changed('room:r1')
    await cache.get('lobby')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('gives the same data the same ETag, and different data another', async () => {
    let name = 'Maple Arena'
    const cache = createBoardCache(async () => loaded(name))
    cache.startCaching()
    const first = await cache.get('lobby')
    cache.changed('screen:s1')
    const same = await cache.get('lobby')
    expect(same!.etag).toBe(first!.etag)
    name = 'Maple Arena North'
    cache.changed('screen:s1')
    expect((await cache.get('lobby'))!.etag).not.toBe(first!.etag)
  })

  it('keeps nothing before it listens, and forgets everything when notifications may have been missed', async () => {
    const load = vi.fn(async () => loaded('Maple Arena'))
    const cache = createBoardCache(load)
    await cache.get('lobby')
    await cache.get('lobby')
    expect(load).toHaveBeenCalledTimes(2)
    cache.startCaching()
    await cache.get('lobby')
    await cache.get('lobby')
    expect(load).toHaveBeenCalledTimes(3)
    cache.changed(null)
    await cache.get('lobby')
    expect(load).toHaveBeenCalledTimes(4)
  })

  it('does not keep a read that a change overtook, and starts a fresh one for later requests', async () => {
    const reads = [deferred<LoadedBoard>(), deferred<LoadedBoard>()]
    let call = 0
    const cache = createBoardCache(() => reads[call++]!.promise)
    cache.startCaching()
    const early = cache.get('lobby')
    const joined = cache.get('lobby')
    // The change commits while the first read is under way: its data may predate it.
    cache.changed('room:r1')
    const late = cache.get('lobby')
    reads[0]!.resolve(loaded('Before'))
    reads[1]!.resolve(loaded('After'))
    expect(JSON.parse((await early)!.json).facilityName).toBe('Before')
    expect(JSON.parse((await joined)!.json).facilityName).toBe('Before')
    expect(JSON.parse((await late)!.json).facilityName).toBe('After')
    expect(JSON.parse((await cache.get('lobby'))!.json).facilityName).toBe('After')
    expect(call).toBe(2)
  })

  it('reads again once "today" is over', async () => {
    let now = 1_000
    const load = vi.fn(async () => loaded('Maple Arena', 2_000))
    const cache = createBoardCache(load, () => now)
    cache.startCaching()
    await cache.get('lobby')
    await cache.get('lobby')
    expect(load).toHaveBeenCalledTimes(1)
    now = 2_000
    await cache.get('lobby')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('tells open boards about changes they depend on, even before their first read', async () => {
    const cache = createBoardCache(async (slug) => (slug === 'lobby' ? loaded('Maple Arena') : null))
    cache.startCaching()
    const lobby = vi.fn()
    const unknown = vi.fn()
    const stopLobby = cache.subscribe('lobby', lobby)
    cache.subscribe('coming-soon', unknown)
    // Not read yet: any change may concern them.
    cache.changed('room:r9')
    expect(lobby).toHaveBeenCalledTimes(1)
    expect(unknown).toHaveBeenCalledTimes(1)

    await cache.get('lobby')
    expect(await cache.get('coming-soon')).toBeNull()
    cache.changed('room:r9')
    expect(lobby).toHaveBeenCalledTimes(1)
    expect(unknown).toHaveBeenCalledTimes(1)
    cache.changed('room:r1')
    expect(lobby).toHaveBeenCalledTimes(2)
    // A screen created at the address a waiting board shows.
    cache.changed('slug:coming-soon')
    expect(unknown).toHaveBeenCalledTimes(2)

    stopLobby()
    cache.changed('room:r1')
    expect(lobby).toHaveBeenCalledTimes(2)
  })

  it('shares one read between concurrent requests and passes a failure to all of them', async () => {
    const read = deferred<LoadedBoard>()
    const load = vi.fn(() => read.promise)
    const cache = createBoardCache(load)
    cache.startCaching()
    const requests = Array.from({ length: 50 }, () => cache.get('lobby'))
    read.resolve(loaded('Maple Arena'))
    await Promise.all(requests)
    expect(load).toHaveBeenCalledTimes(1)

    const failing = createBoardCache(async () => {
      throw new Error('database down')
    })
    await expect(failing.get('lobby')).rejects.toThrow('database down')
  })
})
