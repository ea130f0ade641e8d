import PDFDocument from 'pdfkit'
import { formatMoney } from '@shared/billing/money'
import { formatTaxRate } from '@shared/billing/totals'
import type { BillTo, InvoiceLine } from '@shared/billing/responses'
import { cleanLine } from '@shared/schema-fields'
import { invoiceFonts, type InvoiceFonts } from './pdf-fonts'

// The invoice or credit note as a PDF (ADR 0061): what GET /api/invoices/:id/pdf answers and the
// issue email attaches. Its text is drawn in Noto Sans, embedded and subset to the glyphs used
// (ADR 0070), so names and currency symbols print as typed: 'Łódź', 'Ζήτα', '₹', the minus sign.
// A character Noto Sans has no glyph for (an emoji, Chinese) is written as '?' rather than dropped.

export type PdfInvoice = {
  kind: 'invoice' | 'credit_note'
  status: string
  number: string | null
  organisationName: string
  billTo: BillTo
  issuedOn: string | null
  dueOn: string | null
  periodStart: string
  periodEnd: string
  currency: string
  lines: Pick<InvoiceLine, 'description' | 'amountMinor' | 'removedReason'>[]
  subtotalMinor: number
  taxes: { name: string; rateThousandths: number; amountMinor: number }[]
  totalMinor: number
  paidMinor: number
  balanceMinor: number
  voidsInvoice: { number: string | null } | null
  reason: string | null
}

/**
 * The text as one line of characters both faces can draw. Line breaks become spaces and control
 * characters go (cleanLine, as every name is saved). NFC picks an accented letter's own glyph, as
 * the fonts carry no mark positioning (pdf-fonts.ts). A character without a glyph becomes '?':
 * pdfkit would draw the font's empty box, and text copied from the PDF would read the same wrong
 * character for every such box.
 */
function drawable(text: string, { hasGlyph }: InvoiceFonts): string {
  let result = ''
  for (const character of cleanLine(text).normalize('NFC')) result += hasGlyph(character.codePointAt(0)!) ? character : '?'
  return result
}

const MARGIN = 50
const PAGE_WIDTH = 612
const AMOUNT_WIDTH = 110
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
const REGULAR = 'Noto Sans'
const BOLD = 'Noto Sans Bold'

export function renderInvoicePdf(invoice: PdfInvoice): Promise<Uint8Array<ArrayBuffer>> {
  const fonts = invoiceFonts()
  const document = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    // No default font: pdfkit would otherwise write Helvetica into the file, unused.
    font: '',
    info: { Title: documentTitle(invoice), Author: cleanLine(invoice.organisationName) },
  })
  document.registerFont(REGULAR, fonts.regular).registerFont(BOLD, fonts.bold).font(REGULAR)
  const chunks: Buffer[] = []
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk))
    document.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    document.on('error', reject)
  })
  const money = (minor: number) => drawable(formatMoney(minor, invoice.currency), fonts)
  const write = (text: string, options?: PDFKit.Mixins.TextOptions) => document.text(drawable(text, fonts), options)

  if (invoice.status === 'draft') {
    document
      .save()
      .fontSize(110)
      .fillColor('#dddddd')
      .rotate(-35, { origin: [306, 400] })
      .text('DRAFT', 90, 340)
      .restore()
      .fillColor('black')
    document.x = MARGIN
    document.y = MARGIN
  }

  document.font(BOLD).fontSize(18)
  write(invoice.organisationName)
  document.moveDown(0.3).fontSize(14)
  write(documentTitle(invoice))
  document.font(REGULAR).fontSize(10).moveDown(0.5)
  if (invoice.issuedOn) write(`Issued: ${invoice.issuedOn}`)
  if (invoice.dueOn && invoice.kind === 'invoice') write(`Due: ${invoice.dueOn}`)
  write(`Period: ${invoice.periodStart} to ${invoice.periodEnd}`)
  if (invoice.voidsInvoice?.number) write(`Cancels invoice ${invoice.voidsInvoice.number}`)
  if (invoice.reason) write(`Reason: ${invoice.reason}`)

  document.moveDown()
  document.font(BOLD)
  write('Bill to')
  document.font(REGULAR)
  const { name, company, address, city, provinceState, postalCode, country, email } = invoice.billTo
  for (const line of [name, company, address, [city, provinceState, postalCode].filter(Boolean).join(', '), country, email]) {
    if (line) write(line)
  }

  document.moveDown()
  const row = (description: string, amount: string, { bold = false } = {}) => {
    document.font(bold ? BOLD : REGULAR)
    const y = document.y
    document.text(drawable(description, fonts), MARGIN, y, { width: CONTENT_WIDTH - AMOUNT_WIDTH - 10 })
    const after = document.y
    document.text(amount, PAGE_WIDTH - MARGIN - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' })
    document.y = Math.max(after, document.y) + 4
    document.x = MARGIN
  }
  row('Description', 'Amount', { bold: true })
  for (const line of invoice.lines) {
    row(line.removedReason ? `${line.description} (removed: ${line.removedReason})` : line.description, money(line.amountMinor))
  }
  document.moveDown(0.5)
  row('Subtotal', money(invoice.subtotalMinor))
  for (const tax of invoice.taxes) row(`${tax.name} ${formatTaxRate(tax.rateThousandths)}`, money(tax.amountMinor))
  row('Total', money(invoice.totalMinor), { bold: true })
  if (invoice.kind === 'invoice' && invoice.status !== 'draft') {
    if (invoice.paidMinor > 0) row('Paid', money(-invoice.paidMinor))
    row('Amount due', money(invoice.balanceMinor), { bold: true })
  }
  document.end()
  return done
}

function documentTitle(invoice: Pick<PdfInvoice, 'kind' | 'number' | 'status'>): string {
  const name = invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'
  return invoice.number ? `${name} ${invoice.number}` : `${name} (draft)`
}
