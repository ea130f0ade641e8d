import { describe, expect, test } from 'vitest'
import { ageBucket, INVOICE_STATUS_LABELS, invoiceStatus, type InvoiceStatusInput } from './ageing'

describe('ageBucket', () => {
  test.each([
    ['2026-02-20', 'current'],
    ['2026-03-01', 'current'],
    ['2026-03-02', '1-30'],
    ['2026-03-31', '1-30'],
    ['2026-04-01', '31-60'],
    ['2026-04-30', '31-60'],
    ['2026-05-01', '61-90'],
    ['2026-05-30', '61-90'],
    ['2026-05-31', '90+'],
    ['2027-03-01', '90+'],
  ])('due 2026-03-01, on %s it is %s', (today, bucket) => {
    expect(ageBucket('2026-03-01', today)).toBe(bucket)
  })

  test('counts calendar days, whatever the clocks do', () => {
    // 2026-03-08 is the spring-forward day in North America; the host zone does not matter either.
    expect(ageBucket('2026-03-07', '2026-04-06')).toBe('1-30')
    expect(ageBucket('2026-03-07', '2026-04-07')).toBe('31-60')
  })

  test('refuses dates that are not YYYY-MM-DD', () => {
    expect(() => ageBucket('2026-02-30', '2026-03-01')).toThrow(RangeError)
    expect(() => ageBucket('2026-03-01', '1 March 2026')).toThrow(RangeError)
  })
})

describe('invoiceStatus', () => {
  const issued: InvoiceStatusInput = {
    kind: 'invoice',
    status: 'issued',
    voided: false,
    totalMinor: 10000,
    paidMinor: 0,
    dueOn: '2026-03-31',
    today: '2026-03-15',
  }

  test('an issued invoice not yet paid nor due is Issued', () => {
    expect(invoiceStatus(issued)).toBe('issued')
  })

  test('a draft is Draft, whatever else is true', () => {
    expect(invoiceStatus({ ...issued, status: 'draft', dueOn: null })).toBe('draft')
    expect(invoiceStatus({ ...issued, status: 'draft', voided: true, paidMinor: 10000 })).toBe('draft')
  })

  test('a voided invoice is Void, even if it was paid or is late', () => {
    expect(invoiceStatus({ ...issued, voided: true })).toBe('void')
    expect(invoiceStatus({ ...issued, voided: true, paidMinor: 10000 })).toBe('void')
    expect(invoiceStatus({ ...issued, voided: true, today: '2026-06-01' })).toBe('void')
  })

  test('paid in full (or more) is Paid, even after the due date', () => {
    expect(invoiceStatus({ ...issued, paidMinor: 10000 })).toBe('paid')
    expect(invoiceStatus({ ...issued, paidMinor: 12000 })).toBe('paid')
    expect(invoiceStatus({ ...issued, paidMinor: 10000, today: '2026-06-01' })).toBe('paid')
  })

  test('an issued invoice of 0 is Paid', () => {
    expect(invoiceStatus({ ...issued, totalMinor: 0 })).toBe('paid')
  })

  test('a balance after the due date is Overdue, even when partly paid', () => {
    expect(invoiceStatus({ ...issued, today: '2026-04-01' })).toBe('overdue')
    expect(invoiceStatus({ ...issued, paidMinor: 5000, today: '2026-04-01' })).toBe('overdue')
  })

  test('the due date itself is not overdue', () => {
    expect(invoiceStatus({ ...issued, today: '2026-03-31' })).toBe('issued')
  })

  test('some paid before the due date is Partly paid', () => {
    expect(invoiceStatus({ ...issued, paidMinor: 1 })).toBe('partly_paid')
    expect(invoiceStatus({ ...issued, paidMinor: 9999, today: '2026-03-31' })).toBe('partly_paid')
  })

  test('a credit note is Issued, never paid nor overdue', () => {
    const creditNote: InvoiceStatusInput = { ...issued, kind: 'credit_note', totalMinor: -10000 }
    expect(invoiceStatus(creditNote)).toBe('issued')
    expect(invoiceStatus({ ...creditNote, today: '2026-06-01' })).toBe('issued')
    expect(invoiceStatus({ ...creditNote, status: 'draft' })).toBe('draft')
  })

  test('refuses amounts that are not safe integers', () => {
    expect(() => invoiceStatus({ ...issued, paidMinor: 0.5 })).toThrow(RangeError)
    expect(() => invoiceStatus({ ...issued, totalMinor: Number.NaN })).toThrow(RangeError)
  })

  test('every status has its label', () => {
    expect(INVOICE_STATUS_LABELS).toEqual({
      draft: 'Draft',
      issued: 'Issued',
      partly_paid: 'Partly paid',
      paid: 'Paid',
      void: 'Void',
      overdue: 'Overdue',
    })
  })
})
