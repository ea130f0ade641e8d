// What the rest of the app uses of the timeline (ADR 0019): the view, whose code loads only when
// it is first shown, so the facility page stays within its JavaScript budget.
import { lazy } from 'react'

export type { FacilityTimelineProps } from './facility-timeline'
export type { TimelineSpace } from './timeline-layout'

export const FacilityTimeline = lazy(() => import('./facility-timeline'))
