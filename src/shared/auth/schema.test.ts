import { describe, expect, test } from 'vitest'
import { resetPasswordInput, signInInput, signUpInput } from './schema'

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('signUpInput', () => {
  const valid = { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'secret' }

  test('accepts a full name, an email and a 6-character password', () => {
    expect(signUpInput.parse({ ...valid, email: '  Ada@Example.com ' })).toEqual(valid)
  })

  test('a blank full name gets the spec message', () => {
    expect(firstMessage(signUpInput.safeParse({ ...valid, fullName: '   ' }))).toBe('Please enter your full name')
    expect(firstMessage(signUpInput.safeParse({ email: valid.email, password: valid.password }))).toBe('Please enter your full name')
  })

  test('the email must be present and valid', () => {
    expect(firstMessage(signUpInput.safeParse({ ...valid, email: '' }))).toBe('Please enter your email')
    expect(firstMessage(signUpInput.safeParse({ ...valid, email: 'ada@' }))).toBe('Please enter a valid email address')
  })

  test('the password needs at least 6 characters', () => {
    expect(firstMessage(signUpInput.safeParse({ ...valid, password: '12345' }))).toBe('Password must be at least 6 characters')
    expect(signUpInput.safeParse({ ...valid, password: '123456' }).success).toBe(true)
  })
})

test('sign-in only needs an email and a password', () => {
  expect(signInInput.safeParse({ email: 'ada@example.com', password: 'x' }).success).toBe(true)
  expect(firstMessage(signInInput.safeParse({ email: 'ada@example.com', password: '' }))).toBe('Please enter your password')
})

test('a reset needs its token and a new password of 6 characters', () => {
  expect(resetPasswordInput.safeParse({ token: 'abc', password: 'secret' }).success).toBe(true)
  expect(firstMessage(resetPasswordInput.safeParse({ token: 'abc', password: 'short' }))).toBe('Password must be at least 6 characters')
})
