import { describe, expect, it } from 'vitest'
import { readPdfText } from '../../../test/pdf-text'
import { renderInvoicePdf, type PdfInvoice } from './pdf'

// The invoice PDF draws its text in embedded Noto Sans (ADR 0070). The text is read back through
// the fonts' ToUnicode maps, the way a PDF viewer copies or searches it.

const invoice = (changes: Partial<PdfInvoice> = {}): PdfInvoice => ({
  kind: 'invoice',
  status: 'issued',
  number: '2031-0007',
  organisationName: 'Lakeshore Arena',
  billTo: {
    name: 'Jets',
    email: null,
    company: null,
    address: null,
    city: null,
    provinceState: null,
    postalCode: null,
    country: null,
  },
  issuedOn: '2031-05-31',
  dueOn: '2031-06-30',
  periodStart: '2031-05-01',
  periodEnd: '2031-05-31',
  currency: 'CAD',
  lines: [{ description: 'Rink A, May 5, 10:00–11:00', amountMinor: 12500, removedReason: null }],
  subtotalMinor: 12500,
  taxes: [],
  totalMinor: 12500,
  paidMinor: 0,
  balanceMinor: 12500,
  voidsInvoice: null,
  reason: null,
  ...changes,
})

describe('renderInvoicePdf', () => {
  it('draws names, lines and currency symbols in any script as typed, in embedded Noto Sans', async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        organisationName: 'Łódź Ice Sports',
        billTo: { ...invoice().billTo, name: 'Łódź Hockey', company: 'Ζήτα Αθλητικά', city: 'Plzeň', country: 'Česko' },
        currency: 'INR',
        lines: [
          { description: 'Ζήτα Rink, May 5, 10:00–11:00', amountMinor: 12500, removedReason: null },
          { description: 'Łódź cup − ice cleaning', amountMinor: -2500, removedReason: null },
        ],
        subtotalMinor: 10000,
        taxes: [{ name: 'GST', rateThousandths: 18000, amountMinor: 1800 }],
        totalMinor: 11800,
        balanceMinor: 11800,
      }),
    )
    const { fonts, lines } = readPdfText(pdf)

    // Each font a subset ('ABCDEF+' before its name) of the embedded TrueType file.
    expect(fonts.map((font) => /^[A-Z]{6}\+(.+)$/.exec(font)?.[1]).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular'])
    const text = Buffer.from(pdf).toString('latin1')
    expect(text).toContain('/FontFile2')
    expect(text).not.toContain('Helvetica')
    expect(lines).toEqual(
      expect.arrayContaining([
        'Łódź Ice Sports',
        'Łódź Hockey',
        'Ζήτα Αθλητικά',
        'Plzeň',
        'Česko',
        'Ζήτα Rink, May 5, 10:00–11:00',
        '₹125.00',
        'Łódź cup − ice cleaning',
        '-₹25.00',
        'GST 18 %',
        '₹118.00',
      ]),
    )
    expect(lines.filter((line) => line.includes('?'))).toEqual([])
  })

  it("writes '?' for a character the fonts cannot draw, and keeps a name on one line", async () => {
    const { lines } = readPdfText(
      await renderInvoicePdf(
        invoice({
          billTo: { ...invoice().billTo, name: 'Jets 🏒 北京', address: '12 Main Street\nSuite 4' },
          // A decomposed 'é' (e + U+0301) is drawn as the font's own 'é'.
          lines: [{ description: 'Cafe\u0301 hour', amountMinor: 12500, removedReason: null }],
        }),
      ),
    )
    expect(lines).toEqual(expect.arrayContaining(['Jets ? ??', '12 Main Street Suite 4', 'Café hour']))
  })
})
