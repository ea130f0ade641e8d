import { describe, expect, it } from 'vitest'
import { getPaymentProvider, MANUAL_PROVIDER_ID } from '.'

describe('the manual payment provider', () => {
  const manual = getPaymentProvider(MANUAL_PROVIDER_ID)
  const stored = { status: 'captured' as const, providerReference: null, amountMinor: 5_000, currency: 'CAD' }

  it('captures at once, marks a refund, and has no webhooks', async () => {
    expect(manual.id).toBe('manual')
    const input = { organisationId: 'o', clientId: 'c', amountMinor: 5_000, currency: 'CAD', method: 'cheque' as const, reference: '1042' }
    expect(await manual.initiatePayment(input)).toEqual({ status: 'captured', providerReference: null })
    expect(await manual.capturePayment(stored)).toEqual({ status: 'captured', providerReference: null })
    expect(await manual.refundPayment(stored, 5_000)).toEqual({ status: 'refunded', providerReference: null })
    expect(await manual.getPaymentStatus({ ...stored, status: 'refunded' })).toBe('refunded')
    expect(await manual.getWebhookActionAndData({ rawBody: '{}', headers: {} })).toEqual({ action: 'not_supported' })
  })

  it('is the only provider so far', () => {
    expect(() => getPaymentProvider('stripe')).toThrow('No payment provider "stripe"')
  })
})
