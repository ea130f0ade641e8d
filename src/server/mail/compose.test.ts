import { describe, expect, it } from 'vitest'
import { composeMail } from './compose'
import { oneLine } from './outbox'
import { messageIdDomain } from './transport'
import { retryDelaySeconds } from './worker'

describe('composeMail', () => {
  it('writes both parts from the same strings, every string escaped in the HTML', () => {
    const { text, html } = composeMail({
      greeting: 'Hi <Pat> & co,',
      paragraphs: ['Line one\nline two', '<script>alert(1)</script>'],
      list: ['Rink "A"'],
      link: { label: 'Open', url: 'https://rink.example/a?b=1&c=2' },
      footer: ['Maple Rink'],
    })
    expect(text).toContain('Hi <Pat> & co,')
    expect(text).toContain('<script>alert(1)</script>')
    expect(text).toContain('- Rink "A"')
    expect(text).toContain('Open: https://rink.example/a?b=1&c=2')
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('Hi &lt;Pat&gt; &amp; co,')
    expect(html).toContain('Line one<br>line two')
    expect(html).toContain('<li>Rink &quot;A&quot;</li>')
    expect(html).toContain('<a href="https://rink.example/a?b=1&amp;c=2">Open</a>')
  })

  it('links only a web address', () => {
    const { html } = composeMail({ paragraphs: [], link: { label: 'Click', url: 'javascript:alert(1)' } })
    expect(html).not.toContain('<a ')
  })
})

describe('the outbox’s small rules', () => {
  it('puts a header value on one line', () => {
    expect(oneLine('Hello\r\nBcc: x@evil')).toBe('Hello Bcc: x@evil')
    expect(oneLine(' a\u2028b\tc\u0000 ')).toBe('a b c')
  })

  it('takes the Message-ID’s domain from MAIL_FROM', () => {
    expect(messageIdDomain('Maple Rink <Mail@Maple-Rink.example>')).toBe('maple-rink.example')
    expect(messageIdDomain('no-reply@rink.example')).toBe('rink.example')
    expect(messageIdDomain('nobody')).toBe('localhost')
  })

  it('waits longer after each failed attempt, and gives up after the last', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelaySeconds)).toEqual([60, 300, 900, 3_600, 10_800, 21_600, 43_200])
    expect(retryDelaySeconds(8)).toBeNull()
  })
})
