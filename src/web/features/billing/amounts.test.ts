import { describe, expect, it } from 'vitest'
import { parseMoney } from '@shared/billing/money'
import type { InvoiceSummary } from './api'
import { generatedText, moneyInputValue, openInvoicesOldestFirst } from './amounts'

describe('moneyInputValue', () => {
  it('writes the amount so that parseMoney reads it back', () => {
    for (const [minor, currency] of [
      [123456, 'CAD'],
      [5, 'CAD'],
      [0, 'USD'],
      [1500, 'JPY'],
      [12345, 'KWD'],
    ] as const) {
      expect(parseMoney(moneyInputValue(minor, currency), currency)).toBe(minor)
    }
    expect(moneyInputValue(123456, 'CAD')).toBe('1234.56')
    expect(moneyInputValue(5, 'CAD')).toBe('0.05')
  })
})

const invoice = (id: string, overrides: Partial<InvoiceSummary>): InvoiceSummary => ({
  id,
  kind: 'invoice',
  number: null,
  clientId: 'client',
  clientName: 'Client',
  status: 'issued',
  periodStart: '2027-01-01',
  periodEnd: '2027-01-31',
  issuedOn: '2027-02-01',
  dueOn: '2027-03-03',
  currency: 'CAD',
  totalMinor: 1000,
  paidMinor: 0,
  balanceMinor: 1000,
  createdAt: '2027-02-01T12:00:00.000Z',
  ...overrides,
})

describe('openInvoicesOldestFirst', () => {
  it('keeps the issued invoices with a balance, oldest first', () => {
    const invoices = [
      invoice('later', { number: '2027-0003', issuedOn: '2027-03-01' }),
      invoice('draft', { status: 'draft', issuedOn: null }),
      invoice('paid', { status: 'paid', number: '2027-0001', balanceMinor: 0, paidMinor: 1000 }),
      invoice('void', { status: 'void', number: '2027-0000' }),
      invoice('credit', { kind: 'credit_note', number: 'CN-2027-0001', balanceMinor: -1000, totalMinor: -1000 }),
      invoice('second', { number: '2027-0002', status: 'overdue' }),
      invoice('first', { number: '2027-0001', status: 'partly_paid', paidMinor: 400, balanceMinor: 600 }),
    ]
    expect(openInvoicesOldestFirst(invoices).map(({ id }) => id)).toEqual(['first', 'second', 'later'])
  })
})

describe('generatedText', () => {
  it('counts the new invoices and the drafts that grew', () => {
    expect(generatedText(0, 0)).toBe('No bookings to invoice')
    expect(generatedText(3, 0)).toBe('3 invoices created')
    expect(generatedText(1, 0)).toBe('1 invoice created')
    expect(generatedText(2, 1)).toBe('2 invoices created, 1 draft updated')
    expect(generatedText(0, 2)).toBe('2 drafts updated')
  })
})
