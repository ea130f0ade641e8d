import { useWatch, type Control } from 'react-hook-form'
import type { CreateEventFormValues, CreateEventInput } from '@shared/events/schema'
import { useSettledValue } from '@web/lib/use-settled-value'
import { useEventPreview, type PreviewOccurrence } from '../api'
import { countFree, seriesPreviewInput } from '../series'

// Asked once the operator has stopped changing the series for this long, not on every keystroke.
const PREVIEW_DELAY_MS = 300

export type SeriesPreview = {
  /** 'Repeat this event' is on and the series can be read: the dialog lists its dates. */
  isShown: boolean
  /** The last answer, kept on screen while a changed series is asked about. */
  occurrences: PreviewOccurrence[] | undefined
  /** The occurrences are those of the series as the form has it now. */
  isCurrent: boolean
  /** Why the series could not be checked (a 422 such as too many occurrences), or null. */
  error: unknown
  freeCount: number
  takenCount: number
}

/** Every occurrence the form's series would book, each free or taken, from POST /api/events/preview. */
export function useSeriesPreview(control: Control<CreateEventFormValues, unknown, CreateEventInput>, roomId: string): SeriesPreview {
  const [date, startTime, durationMinutes, recurrence, eventType, changeRoom1Id, changeRoom2Id] = useWatch({
    control,
    name: ['date', 'startTime', 'durationMinutes', 'recurrence', 'eventType', 'changeRoom1Id', 'changeRoom2Id'],
  })
  const input = seriesPreviewInput({ roomId, date, startTime, durationMinutes, recurrence, eventType, changeRoom1Id, changeRoom2Id })
  const settled = useSettledValue(input, PREVIEW_DELAY_MS)
  const query = useEventPreview(settled.value)
  const occurrences = input ? query.data : undefined
  const { free, taken } = countFree(occurrences ?? [])
  return {
    isShown: input !== null,
    occurrences,
    isCurrent: input !== null && settled.isSettled && query.isSuccess && !query.isPlaceholderData,
    error: input !== null && settled.isSettled && query.isError ? query.error : null,
    freeCount: free,
    takenCount: taken,
  }
}
