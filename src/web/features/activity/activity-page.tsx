import { useEffect, useId, useMemo, useRef } from 'react'
import { History, Lock, X } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { ACTIVITY_ENTITIES, ACTIVITY_ENTITY_LABELS, type ActivityEntity } from '@shared/activity/schema'
import { addCalendarDays } from '@shared/scheduling/calendar-date'
import { combineLocalDateTime } from '@shared/scheduling/local-day'
import { EmptyState } from '@web/components/empty-state'
import { LoadingList } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { usePermission } from '@web/features/auth'
import { useMembers } from '@web/features/team'
import { browserTimeZone } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { cn } from '@web/lib/utils'
import { useActivity, type ActivityFilters } from './api'
import { ActivityEntryItem, useMinuteClock } from './components/activity-entry'

const PAGE_DESCRIPTION = 'Who changed what, and when'

// The trail is for Owners and Managers (docs/product.md#teams); anyone else reads why it is empty.
export function ActivityPage() {
  const canReadActivity = usePermission('readActivity')
  if (canReadActivity) return <ActivityTrail />
  return (
    <div>
      <PageHeader title="Activity" description={PAGE_DESCRIPTION} />
      <EmptyState icon={Lock} title="Not available for your role" description="An owner or a manager reads the activity trail." />
    </div>
  )
}

/** The filters as the address keeps them, so a filtered trail can be reloaded or shared: days as 'YYYY-MM-DD'. */
type FilterValues = { person: string; kind: ActivityEntity | ''; from: string; to: string }

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/

function readFilters(params: URLSearchParams): FilterValues {
  const kind = params.get('kind') ?? ''
  const day = (name: string) => {
    const value = params.get(name) ?? ''
    return CALENDAR_DAY.test(value) ? value : ''
  }
  return {
    person: params.get('person') ?? '',
    kind: (ACTIVITY_ENTITIES as readonly string[]).includes(kind) ? (kind as ActivityEntity) : '',
    from: day('from'),
    to: day('to'),
  }
}

/** The chosen days as the browser's own midnights: from the start of `from` to the end of `to`. */
function toQuery(values: FilterValues, timeZone: string): ActivityFilters {
  const midnight = (day: string, daysLater = 0) => {
    try {
      return combineLocalDateTime(addCalendarDays(day, daysLater), '00:00', timeZone).toISOString()
    } catch {
      // A day the calendar does not have (2026-02-30 typed into the address) narrows nothing.
      return undefined
    }
  }
  return {
    person: values.person || undefined,
    kind: values.kind || undefined,
    from: values.from ? midnight(values.from) : undefined,
    // The server's end is exclusive: the day after the last chosen one.
    to: values.to ? midnight(values.to, 1) : undefined,
  }
}

function ActivityTrail() {
  const [params, setParams] = useSearchParams()
  const values = useMemo(() => readFilters(params), [params])
  const isRangeReversed = Boolean(values.from && values.to && values.from > values.to)
  const filters = useMemo(() => toQuery(values, browserTimeZone()), [values])
  const activity = useActivity(filters, { enabled: !isRangeReversed })
  const members = useMembers()
  const now = useMinuteClock()
  const ids = { person: useId(), kind: useId(), from: useId(), to: useId(), rangeError: useId() }

  const listRef = useRef<HTMLUListElement>(null)
  // The first entry 'Load more' brought, which takes the focus: the button may be gone with the last page.
  const focusEntryAt = useRef<number | null>(null)

  useQueryErrorToast(activity, 'Failed to load activity')
  useQueryErrorToast(members, 'Failed to load team members')

  const setFilter = (name: keyof FilterValues, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(name, value)
    else next.delete(name)
    // Narrowing the trail is no step to go back to.
    setParams(next, { replace: true })
  }
  const isFiltered = Boolean(values.person || values.kind || values.from || values.to)

  const people = [...(members.data ?? [])].sort((a, b) => a.name.localeCompare(b.name))
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? []
  useEffect(() => {
    const index = focusEntryAt.current
    if (index === null || entries.length <= index) return
    focusEntryAt.current = null
    listRef.current?.querySelectorAll<HTMLElement>(':scope > li')[index]?.focus()
  }, [entries.length])
  const loadMore = () => {
    focusEntryAt.current = entries.length
    void activity.fetchNextPage()
  }

  // Someone no longer in the team, chosen before they left, stays a choice by the name the trail kept.
  const isFormerMember = values.person !== '' && members.isSuccess && !people.some((member) => member.userId === values.person)
  const formerName = entries.find((entry) => entry.actorId === values.person)?.actorName ?? 'Former member'

  return (
    <div>
      <PageHeader title="Activity" description={PAGE_DESCRIPTION} />
      <form
        role="search"
        aria-label="Filter activity"
        className="mb-6 grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={ids.person}>Person</Label>
          <NativeSelect id={ids.person} value={values.person} onChange={(event) => setFilter('person', event.target.value)}>
            <NativeSelectOption value="">Everyone</NativeSelectOption>
            {people.map((member) => (
              <NativeSelectOption key={member.userId} value={member.userId}>
                {member.name}
              </NativeSelectOption>
            ))}
            {isFormerMember ? <NativeSelectOption value={values.person}>{formerName}</NativeSelectOption> : null}
          </NativeSelect>
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={ids.kind}>Kind</Label>
          <NativeSelect id={ids.kind} value={values.kind} onChange={(event) => setFilter('kind', event.target.value)}>
            <NativeSelectOption value="">Everything</NativeSelectOption>
            {ACTIVITY_ENTITIES.map((entity) => (
              <NativeSelectOption key={entity} value={entity}>
                {ACTIVITY_ENTITY_LABELS[entity]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={ids.from}>From</Label>
          <Input
            id={ids.from}
            type="date"
            value={values.from}
            max={values.to || undefined}
            onChange={(event) => setFilter('from', event.target.value)}
          />
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={ids.to}>To</Label>
          <Input
            id={ids.to}
            type="date"
            value={values.to}
            min={values.from || undefined}
            aria-invalid={isRangeReversed || undefined}
            aria-describedby={isRangeReversed ? ids.rangeError : undefined}
            onChange={(event) => setFilter('to', event.target.value)}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={!isFiltered}
          onClick={() => setParams(new URLSearchParams(), { replace: true })}
          className="sm:col-span-2 lg:col-span-1"
        >
          <X aria-hidden="true" />
          Clear Filters
        </Button>
        {isRangeReversed ? (
          <p id={ids.rangeError} role="alert" className="text-sm text-destructive sm:col-span-2 lg:col-span-5">
            The end date must be on or after the start date.
          </p>
        ) : null}
      </form>

      {isRangeReversed ? null : activity.isPending ? (
        <LoadingList label="Loading activity..." rows={6} />
      ) : entries.length ? (
        <section aria-labelledby="activity-entries-heading">
          <div className="mb-2 flex items-baseline justify-between gap-2">
            <h2 id="activity-entries-heading" className="text-lg font-semibold">
              Entries
            </h2>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {activity.hasNextPage
                ? `${entries.length} shown, more to load`
                : entries.length === 1
                  ? '1 entry'
                  : `${entries.length} entries`}
            </p>
          </div>
          <ul
            ref={listRef}
            className={cn('divide-y rounded-lg border bg-card transition-opacity', activity.isPlaceholderData && 'opacity-60')}
            aria-labelledby="activity-entries-heading"
            aria-busy={activity.isPlaceholderData}
          >
            {entries.map((entry) => (
              <ActivityEntryItem key={entry.id} entry={entry} now={now} />
            ))}
          </ul>
          {activity.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" onClick={loadMore} disabled={activity.isFetchingNextPage}>
                {activity.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </section>
      ) : activity.isSuccess ? (
        isFiltered ? (
          <EmptyState
            icon={History}
            title="No activity matches these filters"
            description="Try another person, kind of thing or date range."
            action={
              <Button variant="outline" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                Clear Filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={History}
            title="No activity yet"
            description="Every booking and every change to the venue, its clients and the team shows here, newest first."
          />
        )
      ) : null}
    </div>
  )
}
