import { describe, expect, it } from 'vitest'
import { checkResponse, UNCHECKED_ROUTES } from './response-schemas'

describe('checkResponse', () => {
  const json = (body: unknown, status = 200) => Response.json(body, { status })
  const room = {
    id: '6f1c7a5e-2b8d-4c1e-9a3f-0d2e4b6c8a10',
    facilityId: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
    name: 'Rink 1',
    type: 'rink',
    capacity: null,
    description: null,
    operatingStartTime: '06:00',
    operatingEndTime: '23:00',
    bookingInterval: 30,
    parentId: null,
    changeoverMinutes: 0,
    acceptsRequests: false,
    createdAt: '2026-01-02T03:04:05.678Z',
  }

  it('accepts an answer its schema describes, and leaves the answer readable', async () => {
    const response = json({ room }, 201)
    await checkResponse('POST /api/facilities/:id/rooms', response)
    expect(await response.json()).toEqual({ room })
  })

  it('refuses a renamed field, naming the route and the field', async () => {
    const { operatingEndTime, ...renamed } = room
    await expect(
      checkResponse('POST /api/facilities/:id/rooms', json({ room: { ...renamed, closingTime: operatingEndTime } }, 201)),
    ).rejects.toThrow(/POST \/api\/facilities\/:id\/rooms answered 201[\s\S]*room\.operatingEndTime/)
  })

  it('refuses an instant that is not ISO, a status the route does not answer, and JSON where none belongs', async () => {
    await expect(checkResponse('POST /api/facilities/:id/rooms', json({ room: { ...room, createdAt: 'yesterday' } }, 201))).rejects.toThrow(
      /createdAt/,
    )
    await expect(checkResponse('POST /api/facilities/:id/rooms', json({ room }, 200))).rejects.toThrow(/answered 200, which/)
    await expect(checkResponse('GET /api/public/logos/:slug/:version', json({ logo: 'data' }))).rejects.toThrow(/expects none/)
    await checkResponse('DELETE /api/rooms/:id', new Response(null, { status: 204 }))
  })

  it('holds every error to the one error body, whose code matches the status', async () => {
    await checkResponse('GET /api/rooms/:id', json({ error: { code: 'NOT_FOUND', message: 'Space not found' } }, 404))
    await expect(checkResponse('GET /api/rooms/:id', json({ message: 'Space not found' }, 404))).rejects.toThrow(/error/)
    await expect(
      checkResponse('GET /api/rooms/:id', json({ error: { code: 'NOT_FOUND', message: 'Space not found' } }, 403)),
    ).rejects.toThrow(/code NOT_FOUND, which is a 404/)
    await expect(checkResponse('GET /api/rooms/:id', new Response('Not found', { status: 404 }))).rejects.toThrow(/not JSON/)
  })

  it('sends a route without an entry to the registry', async () => {
    await expect(checkResponse('GET /api/no-such-route', json({}))).rejects.toThrow(/ROUTE_RESPONSES/)
  })

  it('checks nothing of an unchecked route', async () => {
    const [unchecked] = Object.keys(UNCHECKED_ROUTES)
    await checkResponse(unchecked!, json({ anything: 'at all' }, 418))
  })
})
