import type { PaymentProvider } from './types'

/**
 * Money the venue took itself: cash, a cheque, an e-transfer, a card on its own terminal. It is
 * in hand when the operator records it, so it is captured at once; nothing calls back, so there
 * are no webhooks; a refund is the venue handing the money back, which the record only marks.
 */
export const manualProvider: PaymentProvider = {
  id: 'manual',
  initiatePayment: async () => ({ status: 'captured', providerReference: null }),
  capturePayment: async (payment) => ({ status: 'captured', providerReference: payment.providerReference }),
  refundPayment: async (payment) => ({ status: 'refunded', providerReference: payment.providerReference }),
  getPaymentStatus: async (payment) => payment.status,
  getWebhookActionAndData: async () => ({ action: 'not_supported' }),
}
