import { describe, expect, test } from 'vitest'
import { clientInput } from './schema'

const messages = (value: unknown) => clientInput.safeParse(value).error?.issues.map(({ message }) => message)

describe('clientInput', () => {
  test('the name is required with the spec message', () => {
    expect(messages({ name: '  ' })).toEqual(['Please enter a client name'])
    expect(messages({})).toEqual(['Please enter a client name'])
  })

  test('blank optional fields are stored as null', () => {
    expect(clientInput.parse({ name: 'Jets', email: '', phone: ' ', website: '', notes: undefined })).toEqual({
      name: 'Jets',
      email: null,
      phone: null,
      secondaryPhone: null,
      company: null,
      address: null,
      city: null,
      provinceState: null,
      postalCode: null,
      country: null,
      website: null,
      notes: null,
      // Booking confirmations are on unless turned off (docs/product.md#email).
      emailConfirmations: true,
    })
  })

  test('a website without a scheme gets https://, one with http or https keeps it', () => {
    expect(clientInput.parse({ name: 'A', website: 'jets.example.com' }).website).toBe('https://jets.example.com')
    expect(clientInput.parse({ name: 'A', website: 'http://jets.example.com' }).website).toBe('http://jets.example.com')
    expect(clientInput.parse({ name: 'A', website: 'HTTPS://jets.example.com/x' }).website).toBe('HTTPS://jets.example.com/x')
  })

  test('a website that is not a web address is refused, so it never becomes a script link', () => {
    for (const website of ['javascript:alert(1)', 'not a site', 'mailto:a@b.example.com', 'ftp://files.example.com']) {
      expect(messages({ name: 'A', website })).toEqual(['Please enter a valid website address'])
    }
  })

  test('an email is validated when present', () => {
    expect(clientInput.parse({ name: 'A', email: ' coach@jets.example.com ' }).email).toBe('coach@jets.example.com')
    expect(messages({ name: 'A', email: 'coach@' })).toEqual(['Please enter a valid email address'])
  })

  test('each field has its maximum from the spec', () => {
    const maxima = {
      name: 100,
      phone: 50,
      secondaryPhone: 50,
      company: 100,
      address: 200,
      city: 100,
      provinceState: 50,
      postalCode: 20,
      country: 50,
      notes: 500,
    }
    for (const [field, max] of Object.entries(maxima)) {
      expect(clientInput.safeParse({ name: 'A', [field]: 'x'.repeat(max) }).success).toBe(true)
      expect(clientInput.safeParse({ name: 'A', [field]: 'x'.repeat(max + 1) }).success).toBe(false)
    }
    const longEmail = `${'x'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.com`
    expect(longEmail.length).toBeGreaterThan(255)
    expect(messages({ name: 'A', email: longEmail })).toContain('Email must be 255 characters or less')
    expect(messages({ name: 'A', website: `${'w'.repeat(240)}.example.com` })).toEqual(['Website must be 255 characters or less'])
  })
})
