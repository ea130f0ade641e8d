// The facility page's chosen view: List, Calendar or Timeline, and the timeline's Day or Week.
// The address holds it (?view=timeline&span=week), so a link or a reload opens the same view;
// the browser remembers the last choice for an address that names none.

export type FacilityView = 'list' | 'calendar' | 'timeline'
export type TimelineSpan = 'day' | 'week'
export type ViewChoice = { view: FacilityView; span: TimelineSpan }

export const VIEW_STORAGE_KEY = 'fieldhouse.facility-view'
const VIEWS: readonly FacilityView[] = ['list', 'calendar', 'timeline']
const SPANS: readonly TimelineSpan[] = ['day', 'week']
const DEFAULT_CHOICE: ViewChoice = { view: 'list', span: 'day' }

const pick = <T extends string>(options: readonly T[], value: string | null | undefined): T | undefined =>
  options.find((option) => option === value)

/** The address decides, each part on its own; what was stored fills the rest; then List and Day. */
export function readViewChoice(params: URLSearchParams, stored: string | null): ViewChoice {
  let remembered: Partial<Record<'view' | 'span', string>> = {}
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : null
    if (parsed && typeof parsed === 'object') remembered = parsed as typeof remembered
  } catch {
    // A stored value that does not parse is ignored.
  }
  return {
    view: pick(VIEWS, params.get('view')) ?? pick(VIEWS, remembered.view) ?? DEFAULT_CHOICE.view,
    span: pick(SPANS, params.get('span')) ?? pick(SPANS, remembered.span) ?? DEFAULT_CHOICE.span,
  }
}

/** The address's search params with the choice written in, other params kept. */
export function writeViewChoice(params: URLSearchParams, choice: ViewChoice): URLSearchParams {
  const next = new URLSearchParams(params)
  next.set('view', choice.view)
  next.set('span', choice.span)
  return next
}
