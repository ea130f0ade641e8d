import { describe, expect, test } from 'vitest'
import { reconcileDraft, type EmailDraft } from './email-draft'

const untouched: EmailDraft = { text: 'Generated for 4 hours', generated: 'Generated for 4 hours', sourceKey: 'arena:4' }
const edited: EmailDraft = { ...untouched, text: 'My own words' }

describe('reconcileDraft', () => {
  test('the first text fills the text area', () => {
    expect(reconcileDraft(null, 'Generated', 'arena:4', false)).toEqual({ text: 'Generated', generated: 'Generated', sourceKey: 'arena:4' })
  })

  test('new hours or a new facility replace the edits unless the operator keeps them', () => {
    expect(reconcileDraft(edited, 'Generated for 5 hours', 'arena:5', false).text).toBe('Generated for 5 hours')
    expect(reconcileDraft(edited, 'Generated for rink', 'rink:4', false).text).toBe('Generated for rink')
    const kept = reconcileDraft(edited, 'Generated for 5 hours', 'arena:5', true)
    expect(kept).toEqual({ text: 'My own words', generated: 'Generated for 5 hours', sourceKey: 'arena:5' })
  })

  test('new hours replace an unedited text even when edits are kept', () => {
    expect(reconcileDraft(untouched, 'Generated for 5 hours', 'arena:5', true).text).toBe('Generated for 5 hours')
  })

  test('a refresh of the same facility and hours keeps the edits, and updates an unedited text', () => {
    expect(reconcileDraft(edited, 'Refreshed', 'arena:4', false).text).toBe('My own words')
    expect(reconcileDraft(untouched, 'Refreshed', 'arena:4', false).text).toBe('Refreshed')
  })

  test('new hours replace the edits even when they generate the same text', () => {
    expect(reconcileDraft(edited, 'Generated for 4 hours', 'arena:5', false).text).toBe('Generated for 4 hours')
  })
})
