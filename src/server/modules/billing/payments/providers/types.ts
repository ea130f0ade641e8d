import type { PaymentMethod, PaymentStatus } from '@shared/billing/payments'

// The one door every payment goes through (ADR 0062), in the shape of Medusa's payment providers:
// the invoices never learn how money arrived, only that a payment was captured and what it settles.

/** What the venue asks a provider to take. */
export type InitiatePaymentInput = {
  organisationId: string
  clientId: string
  amountMinor: number
  currency: string
  method: PaymentMethod
  /** The cheque number, the e-transfer's reference: what the operator typed. */
  reference: string | null
}

/** A payment as the provider knows it: where it stands, and the provider's own id for it. */
export type ProviderPayment = { status: PaymentStatus; providerReference: string | null }

/** A stored payment handed back to its provider. */
export type StoredPayment = ProviderPayment & { amountMinor: number; currency: string }

/**
 * What a provider's webhook means. An online provider answers a payment it knows with the status it
 * reached; a provider without webhooks says so, and the route answers the caller that it has none.
 */
export type WebhookAction =
  { action: 'not_supported' } | { action: 'captured' | 'failed' | 'refunded'; providerReference: string; amountMinor: number }

/** A webhook as it arrived: the raw body (for the signature) and its headers. */
export type WebhookPayload = { rawBody: string; headers: Record<string, string> }

export interface PaymentProvider {
  /** Stored in payments.provider. */
  readonly id: string
  /** Starts a payment: an offline provider records it captured at once, an online one pending. */
  initiatePayment(input: InitiatePaymentInput): Promise<ProviderPayment>
  /** Takes the money of an authorised payment. */
  capturePayment(payment: StoredPayment): Promise<ProviderPayment>
  /** Gives `amountMinor` of a captured payment back. */
  refundPayment(payment: StoredPayment, amountMinor: number): Promise<ProviderPayment>
  /** Where the payment stands at the provider now. */
  getPaymentStatus(payment: StoredPayment): Promise<PaymentStatus>
  /** Reads a webhook the provider sent: which payment it is about, and what happened to it. */
  getWebhookActionAndData(payload: WebhookPayload): Promise<WebhookAction>
}
