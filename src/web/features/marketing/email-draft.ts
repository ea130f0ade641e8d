import { useState } from 'react'

export type EmailDraft = {
  /** What the text area shows, the operator's edits included. */
  text: string
  /** The text last generated from the availability. */
  generated: string
  /** The facility and hours that text was generated for. */
  sourceKey: string
}

export const isDraftEdited = (draft: EmailDraft) => draft.text !== draft.generated

/**
 * The draft after a freshly generated text. A new facility or new hours replace the operator's
 * edits unless they asked to keep them; a refresh of the same facility and hours never does
 * (the clock moving on must not throw away what they wrote), but updates an unedited text.
 */
export function reconcileDraft(draft: EmailDraft | null, generated: string, sourceKey: string, keepEdits: boolean): EmailDraft {
  const isKept = draft !== null && isDraftEdited(draft) && (keepEdits || draft.sourceKey === sourceKey)
  return { text: isKept ? draft.text : generated, generated, sourceKey }
}

/** `generated` is null while the availability for `sourceKey` is still loading. */
export function useEmailDraft(generated: string | null, sourceKey: string, keepEdits: boolean) {
  const [draft, setDraft] = useState<EmailDraft | null>(null)

  // Adjusting state while rendering (not in an effect) means no frame ever shows a stale text.
  const isOutdated = generated !== null && (draft?.generated !== generated || draft.sourceKey !== sourceKey)
  const current = isOutdated ? reconcileDraft(draft, generated, sourceKey, keepEdits) : draft
  if (isOutdated) setDraft(current)

  return {
    text: current?.text ?? '',
    isEdited: current !== null && isDraftEdited(current),
    edit: (text: string) => setDraft((previous) => previous && { ...previous, text }),
    regenerate: () => setDraft((previous) => previous && { ...previous, text: previous.generated }),
  }
}
