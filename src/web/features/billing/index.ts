// What the rest of the app uses of billing; everything else here is the feature's own (ADR 0019).
// The pages are imported by path from router.tsx, each its own chunk.
export { ClientBillingSection, ClientSpecialRates, SpaceRatesCard } from './components/lazy-sections'
export { MoneyField } from './components/lazy-money-field'
export { InvoiceSheet } from './components/invoice-sheet'
export { InvoiceStatusBadge } from './components/invoice-status-badge'
export { invoiceName } from './components/invoice-table'
export { paymentMethodLabel } from './amounts'
