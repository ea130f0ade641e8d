import { expect, test } from 'vitest'
import { z } from 'zod'
import { ERROR_CODES, zodIssuesToFields } from './api-error'

test('each error code maps to its HTTP status', () => {
  expect(ERROR_CODES.UNAUTHENTICATED).toBe(401)
  expect(ERROR_CODES.NOT_APPROVED).toBe(403)
  expect(ERROR_CODES.CONFLICT).toBe(409)
  expect(ERROR_CODES.VALIDATION).toBe(422)
})

test('zod issues become the first message per dot-joined field path', () => {
  const schema = z
    .object({
      name: z.string().min(1, 'Name first').min(3, 'Name second'),
      recurrence: z.object({ endDate: z.string({ error: 'End date' }) }),
      rooms: z.array(z.object({ roomId: z.string({ error: 'Room' }) })),
    })
    .refine(() => false, { message: 'Whole form' })
  const result = schema.safeParse({ name: '', recurrence: {}, rooms: [{}] })
  expect(result.success).toBe(false)
  expect(zodIssuesToFields(result.error!)).toEqual({
    name: 'Name first',
    'recurrence.endDate': 'End date',
    'rooms.0.roomId': 'Room',
  })
  expect(
    zodIssuesToFields(
      z
        .string()
        .refine(() => false, 'Whole form')
        .safeParse('x').error!,
    ),
  ).toEqual({
    root: 'Whole form',
  })
})
