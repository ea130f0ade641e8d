import { describe, expect, it } from 'vitest'
import { selloffMail } from './selloff'

describe('the selloff message', () => {
  it("carries the operator's subject and body, and the client's own unsubscribe link", () => {
    const unsubscribeUrl = 'https://rink.example/unsubscribe/abc.def'
    const mail = selloffMail({
      organisationId: 'org',
      organisationName: 'North <Arena>',
      to: 'club@example.com',
      subject: 'Last Minute Availability at North Arena!',
      body: 'Hi there,\n\nRink 1 (Rink)\n• 7:00 pm - 9:30 pm\n\nNorth Arena Team',
      unsubscribeUrl,
      businessKey: 'selloff:send:client',
    })
    expect(mail).toMatchObject({
      kind: 'selloff',
      unsubscribeUrl,
      businessKey: 'selloff:send:client',
      subject: 'Last Minute Availability at North Arena!',
    })
    expect(mail.text).toContain('Rink 1 (Rink)\n• 7:00 pm - 9:30 pm')
    expect(mail.text).toContain(unsubscribeUrl)
    expect(mail.html).toContain('Rink 1 (Rink)<br>• 7:00 pm - 9:30 pm')
    expect(mail.html).toContain('North &lt;Arena&gt;')
  })
})
