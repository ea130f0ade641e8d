import { describe, expect, test } from 'vitest'
import { buildMailtoHref, composeEmailText, splitEmailText } from './email-text'

const EMAIL = { subject: 'Last Minute Availability at Maple Arena!', body: 'Hi there,\n\nRink A (Rink)\n• 9:30 am - 10:00 am' }

describe('composeEmailText and splitEmailText', () => {
  test('the subject is the first line, and reads back unchanged', () => {
    const text = composeEmailText(EMAIL)
    expect(text).toBe('Subject: Last Minute Availability at Maple Arena!\n\nHi there,\n\nRink A (Rink)\n• 9:30 am - 10:00 am')
    expect(splitEmailText(text)).toEqual(EMAIL)
  })

  test('an edited subject line is still read as the subject', () => {
    expect(splitEmailText('subject:   Ice tonight!  \nCome skate')).toEqual({ subject: 'Ice tonight!', body: 'Come skate' })
  })

  test('without a subject line the whole text is the body', () => {
    expect(splitEmailText('Hi there,\nSubject: not a header')).toEqual({ subject: '', body: 'Hi there,\nSubject: not a header' })
  })
})

describe('buildMailtoHref', () => {
  test('encodes the subject and the body with CRLF line breaks and %20 spaces', () => {
    expect(buildMailtoHref('Subject: Ice & more?\n\nLine one\nLine two')).toBe(
      'mailto:?subject=Ice%20%26%20more%3F&body=Line%20one%0D%0ALine%20two',
    )
  })

  test('leaves the subject out when the text has none', () => {
    expect(buildMailtoHref('Just a body')).toBe('mailto:?body=Just%20a%20body')
  })
})
