import { expect, test } from 'vitest'
import { availabilityQuery } from './schema'

const FACILITY_ID = '11111111-1111-4111-8111-111111111111'

test('hours ahead defaults to 4 and is read from a query string', () => {
  expect(availabilityQuery.parse({ facilityId: FACILITY_ID })).toEqual({ facilityId: FACILITY_ID, hoursAhead: 4 })
  expect(availabilityQuery.parse({ facilityId: FACILITY_ID, hoursAhead: '12' }).hoursAhead).toBe(12)
})

test('hours ahead is a whole number from 1 to 12', () => {
  for (const hoursAhead of ['0', '13', '2.5', 'abc']) {
    expect(availabilityQuery.safeParse({ facilityId: FACILITY_ID, hoursAhead }).error?.issues[0]?.message).toBe(
      'Hours ahead must be a whole number from 1 to 12',
    )
  }
})

test('a facility is required', () => {
  expect(availabilityQuery.safeParse({}).error?.issues[0]?.message).toBe('Please select a facility')
})
