import { manualProvider } from './manual'
import type { PaymentProvider } from './types'

export type { PaymentProvider, ProviderPayment, StoredPayment, WebhookAction } from './types'

// Every provider the app can take payments through, by id (ADR 0062). An online provider joins
// this list; the invoices and allocations stay as they are.
const PROVIDERS: ReadonlyMap<string, PaymentProvider> = new Map([manualProvider].map((provider) => [provider.id, provider]))

/** The provider the operator's own records go through. */
export const MANUAL_PROVIDER_ID = manualProvider.id

export function getPaymentProvider(id: string): PaymentProvider {
  const provider = PROVIDERS.get(id)
  if (!provider) throw new Error(`No payment provider "${id}"`)
  return provider
}
