import { formatMoney } from '@shared/billing/money'
import { composeMail } from '../compose'
import type { OutgoingMail } from '../outbox'

/** An issued invoice or credit note as its client reads it, with its PDF (docs/product.md#billing). */
export type InvoiceMailDetails = {
  organisationId: string
  organisationName: string
  to: string
  clientName: string
  kind: 'invoice' | 'credit_note'
  invoiceId: string
  number: string
  /** A credit note's invoice. */
  voidsNumber?: string | null
  currency: string
  totalMinor: number
  /** What is left to pay once the client's credit is applied. */
  amountDueMinor: number
  /** 'YYYY-MM-DD'; null for a credit note. */
  dueOn: string | null
  pdf: Uint8Array
}

// A calendar date as the email words it: 'Jan 31, 2027'. The date has no zone, so it is read in UTC.
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
export const formatDueDate = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`))

export function invoiceIssuedMail(details: InvoiceMailDetails): OutgoingMail {
  const { organisationId, organisationName, to, clientName, kind, invoiceId, number, currency, totalMinor, amountDueMinor, dueOn } = details
  const money = (minor: number) => formatMoney(minor, currency)
  const isCreditNote = kind === 'credit_note'
  const document = isCreditNote ? `Credit note ${number}` : `Invoice ${number}`
  const paragraphs = isCreditNote
    ? [
        `Please find attached credit note ${number}${details.voidsNumber ? `, which cancels invoice ${details.voidsNumber}` : ''}.`,
        `Amount credited: ${money(-totalMinor)}`,
      ]
    : [
        `Please find attached invoice ${number} for ${money(totalMinor)}.`,
        ...(amountDueMinor < totalMinor ? [`Credit applied: ${money(totalMinor - amountDueMinor)}`] : []),
        amountDueMinor > 0 && dueOn
          ? `Amount due: ${money(amountDueMinor)}, due by ${formatDueDate(dueOn)}.`
          : 'Amount due: nothing, it is paid in full.',
      ]
  const { text, html } = composeMail({ greeting: `Hello ${clientName},`, paragraphs, footer: [organisationName] })
  return {
    organisationId,
    kind: isCreditNote ? 'credit_note_issued' : 'invoice_issued',
    businessKey: `${isCreditNote ? 'credit_note_issued' : 'invoice_issued'}:${invoiceId}`,
    to,
    subject: `${document} from ${organisationName}`,
    text,
    html,
    attachments: [
      { filename: `${isCreditNote ? 'credit-note' : 'invoice'}-${number}.pdf`, contentType: 'application/pdf', content: details.pdf },
    ],
  }
}
