import { describe, expect, it } from 'vitest'
import { DEFAULT_PRIME_TIME } from '@shared/billing/prime-time'
import { PRIME_TIME_MESSAGES } from '@shared/facilities/schema'
import { useTestApp } from '../../test/setup'
import { testDatabaseKinds } from '../../test/test-database'

type Facility = { id: string; primeTime: typeof DEFAULT_PRIME_TIME }
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }

describe.each(testDatabaseKinds())('a facility’s prime time on %s', (kind) => {
  const {
    t,
    operators: [owner],
  } = useTestApp(kind, { operators: 1 })

  const save = (method: 'POST' | 'PUT', path: string, body: Record<string, unknown>) =>
    t.request(path, { method, cookie: owner.cookie, body: { name: 'Prime Arena', timeZone: 'America/Toronto', ...body } })

  it('starts at the default, keeps what is saved, and keeps it through an edit that leaves it out', async () => {
    const created = await save('POST', '/api/facilities', {})
    expect(created.status).toBe(201)
    const { facility } = (await created.json()) as { facility: Facility }
    expect(facility.primeTime).toEqual({ weekdayStart: '16:00', weekdayEnd: '22:00', weekendStart: '07:00', weekendEnd: '22:00' })

    const primeTime = { weekdayStart: '17:30', weekdayEnd: '00:00', weekendStart: '06:00', weekendEnd: '23:15' }
    const updated = await save('PUT', `/api/facilities/${facility.id}`, { primeTime })
    expect(updated.status).toBe(200)
    expect(((await updated.json()) as { facility: Facility }).facility.primeTime).toEqual(primeTime)
    const read = await t.request(`/api/facilities/${facility.id}`, { cookie: owner.cookie })
    expect(((await read.json()) as { facility: Facility }).facility.primeTime).toEqual(primeTime)

    const renamed = await save('PUT', `/api/facilities/${facility.id}`, { name: 'Renamed Arena' })
    expect(((await renamed.json()) as { facility: Facility }).facility.primeTime).toEqual(primeTime)
    const listed = await t.request('/api/facilities', { cookie: owner.cookie })
    const { facilities } = (await listed.json()) as { facilities: Facility[] }
    expect(facilities.find((row) => row.id === facility.id)?.primeTime).toEqual(primeTime)

    const withPrimeTime = await save('POST', '/api/facilities', { primeTime })
    expect(((await withPrimeTime.json()) as { facility: Facility }).facility.primeTime).toEqual(primeTime)
  })

  it('refuses prime time that ends before it starts or is not a time', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ weekdayEnd: '15:00' }, 'primeTime.weekdayEnd', PRIME_TIME_MESSAGES.order],
      [{ weekendStart: '22:00' }, 'primeTime.weekendEnd', PRIME_TIME_MESSAGES.order],
      [{ weekdayStart: '24:00' }, 'primeTime.weekdayStart', PRIME_TIME_MESSAGES.time],
      [{ weekendEnd: '7pm' }, 'primeTime.weekendEnd', PRIME_TIME_MESSAGES.time],
    ]
    for (const [change, field, message] of cases) {
      const response = await save('POST', '/api/facilities', { primeTime: { ...DEFAULT_PRIME_TIME, ...change } })
      expect(response.status).toBe(422)
      const { error } = (await response.json()) as ErrorBody
      expect(error.fields?.[field]).toBe(message)
    }
  })
})
