import { useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react'
import { Building2, CalendarSearch, Lock } from 'lucide-react'
import { BOOKABLE_SPACE_TYPES } from '@shared/availability/schema'
import { LIMITS, ROOM_TYPE_LABELS } from '@shared/limits'
import { EmptyState } from '@web/components/empty-state'
import { LoadingList } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { Card, CardContent } from '@web/components/ui/card'
import { Checkbox } from '@web/components/ui/checkbox'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { usePermission } from '@web/features/auth'
import { AddEventDialog } from '@web/features/events'
import { useFacilities, useRooms, type Facility } from '@web/features/facilities'
import { formatLongDate, formatTimeRange } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useFreeSlots, type FreeSlot, type FreeSlots } from './api'

const PAGE_TITLE = 'Find Ice'
const PAGE_DESCRIPTION = 'Free slots of the coming weeks, with every rule of the rinks applied'
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const DURATIONS = [30, 45, 60, 75, 90, 120, 150, 180, 240]
const WEEK_CHOICES = Array.from({ length: LIMITS.findIce.weeksMax }, (_, index) => index + 1)

// Finding ice is for booking it: those who may book (docs/product.md#teams).
export function FindIcePage() {
  const canBook = usePermission('book')
  return (
    <div>
      <PageHeader title={PAGE_TITLE} description={PAGE_DESCRIPTION} />
      {canBook ? (
        <FindIce />
      ) : (
        <EmptyState icon={Lock} title="Not available for your role" description="An owner, a manager or a scheduler books the ice." />
      )}
    </div>
  )
}

function FindIce() {
  const facilities = useFacilities()
  useQueryErrorToast(facilities, 'Failed to load facilities')
  const byName = useMemo(
    () => [...(facilities.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })),
    [facilities.data],
  )
  if (facilities.isPending) return <LoadingList rows={4} />
  if (byName.length === 0)
    return facilities.isSuccess ? (
      <EmptyState icon={Building2} title="No facilities yet" description="Create a facility with its spaces to find free ice in it." />
    ) : null
  return <Search facilities={byName} />
}

type Form = {
  facilityId: string
  /** '' for every space, 'type:rink' for a kind, or a space's id. */
  where: string
  durationMinutes: number
  weekdays: number[]
  earliestStart: string
  latestEnd: string
  weeks: number
}

function Search({ facilities }: { facilities: Facility[] }) {
  const [form, setForm] = useState<Form>({
    facilityId: facilities[0]!.id,
    where: '',
    durationMinutes: 60,
    weekdays: [],
    earliestStart: '06:00',
    latestEnd: '23:00',
    weeks: LIMITS.findIce.weeksDefault,
  })
  const [submitted, setSubmitted] = useState<Form | null>(null)
  const [picked, setPicked] = useState<FreeSlot | null>(null)
  const rooms = useRooms(form.facilityId)
  const spaces = (rooms.data ?? []).filter((room) => room.type !== 'change_room')
  const result = useFreeSlots(
    submitted && {
      facilityId: submitted.facilityId,
      spaceId: submitted.where.startsWith('type:') ? '' : submitted.where,
      spaceType: submitted.where.startsWith('type:') ? submitted.where.slice(5) : '',
      durationMinutes: submitted.durationMinutes,
      weekdays: submitted.weekdays.join(','),
      earliestStart: submitted.earliestStart,
      latestEnd: submitted.latestEnd,
      weeks: submitted.weeks,
    },
  )
  useQueryErrorToast(result, 'Failed to find free ice')
  const set = <Key extends keyof Form>(key: Key, value: Form[Key]) => setForm((current) => ({ ...current, [key]: value }))
  // After a search, the answer takes the focus: at phone width it is below the fold, and a
  // screen reader hears its count. A refresh after a booking leaves the focus where it is.
  const isAnswerAwaited = useRef(false)
  const answerHeading = useRef<HTMLElement>(null)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    isAnswerAwaited.current = true
    setSubmitted(form)
  }
  useEffect(() => {
    if (!isAnswerAwaited.current || result.isFetching || !result.data) return
    isAnswerAwaited.current = false
    answerHeading.current?.focus({ preventScroll: true })
    answerHeading.current?.scrollIntoView({ block: 'start' })
  }, [result.isFetching, result.data])
  const pickedSpace = picked && result.data?.spaces.find(({ id }) => id === picked.spaceId)

  return (
    <div className="grid gap-6">
      <Card className="py-5">
        <CardContent className="px-5">
          <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Find free ice">
            <FormField label="Facility">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={form.facilityId}
                  onChange={(event) => setForm((current) => ({ ...current, facilityId: event.target.value, where: '' }))}
                >
                  {facilities.map((facility) => (
                    <NativeSelectOption key={facility.id} value={facility.id}>
                      {facility.name}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Space">
              {(control) => (
                <NativeSelect {...control} value={form.where} onChange={(event) => set('where', event.target.value)}>
                  <NativeSelectOption value="">Every space</NativeSelectOption>
                  {BOOKABLE_SPACE_TYPES.map((type) => (
                    <NativeSelectOption key={type} value={`type:${type}`}>
                      Every {ROOM_TYPE_LABELS[type].toLowerCase()}
                    </NativeSelectOption>
                  ))}
                  {spaces.map((space) => (
                    <NativeSelectOption key={space.id} value={space.id}>
                      {space.name}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Duration">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={String(form.durationMinutes)}
                  onChange={(event) => set('durationMinutes', Number(event.target.value))}
                >
                  {DURATIONS.map((minutes) => (
                    <NativeSelectOption key={minutes} value={String(minutes)}>
                      {minutes < 60 ? `${minutes} min` : `${minutes / 60} ${minutes === 60 ? 'hr' : 'hrs'}`}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Weeks Ahead">
              {(control) => (
                <NativeSelect {...control} value={String(form.weeks)} onChange={(event) => set('weeks', Number(event.target.value))}>
                  {WEEK_CHOICES.map((weeks) => (
                    <NativeSelectOption key={weeks} value={String(weeks)}>
                      {weeks} {weeks === 1 ? 'week' : 'weeks'}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Earliest Start">
              {(control) => (
                <Input
                  {...control}
                  type="time"
                  required
                  value={form.earliestStart}
                  onChange={(event) => set('earliestStart', event.target.value)}
                />
              )}
            </FormField>
            <FormField label="Latest End">
              {(control) => (
                <Input
                  {...control}
                  type="time"
                  required
                  value={form.latestEnd}
                  onChange={(event) => set('latestEnd', event.target.value)}
                />
              )}
            </FormField>
            <fieldset className="grid gap-2 sm:col-span-2">
              <legend className="mb-2 text-sm font-medium">Days (none for every day)</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {WEEKDAYS.map((label, day) => (
                  <div key={label} className="flex items-center gap-2">
                    <Checkbox
                      id={`find-ice-day-${day}`}
                      checked={form.weekdays.includes(day)}
                      onCheckedChange={(checked) =>
                        set('weekdays', checked === true ? [...form.weekdays, day].sort() : form.weekdays.filter((other) => other !== day))
                      }
                    />
                    <Label htmlFor={`find-ice-day-${day}`}>{label}</Label>
                  </div>
                ))}
              </div>
            </fieldset>
            <div className="flex items-end sm:col-span-2 lg:col-span-4">
              <Button type="submit" disabled={result.isFetching}>
                <CalendarSearch aria-hidden="true" />
                {result.isFetching ? 'Searching...' : 'Find Ice'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      {submitted ? <Results result={result.data} isPending={result.isPending} onPick={setPicked} headingRef={answerHeading} /> : null}
      <AddEventDialog
        room={
          picked && pickedSpace && result.data
            ? { ...pickedSpace, facilityId: result.data.facility.id, timeZone: result.data.facility.timeZone }
            : null
        }
        date={picked?.date ?? ''}
        startTime={picked?.startTime}
        durationMinutes={picked ? (new Date(picked.end).getTime() - new Date(picked.start).getTime()) / 60_000 : undefined}
        onOpenChange={(open) => {
          if (!open) setPicked(null)
        }}
      />
    </div>
  )
}

type ResultsProps = {
  result: FreeSlots | undefined
  isPending: boolean
  onPick: (slot: FreeSlot) => void
  headingRef: RefObject<HTMLElement | null>
}

function Results({ result, isPending, onPick, headingRef }: ResultsProps) {
  if (isPending) return <LoadingList label="Finding free ice..." />
  if (!result) return null
  if (result.slots.length === 0)
    return (
      <div ref={headingRef as RefObject<HTMLDivElement | null>} tabIndex={-1} className="scroll-mt-20 outline-none">
        <EmptyState
          icon={CalendarSearch}
          title="No free ice"
          description="Nothing is free for that search. Try other days, times or spaces."
        />
      </div>
    )
  const { timeZone } = result.facility
  const names = new Map(result.spaces.map((space) => [space.id, space.name]))
  const days = groupByDate(result.slots)
  return (
    <section aria-labelledby="find-ice-results" className="grid gap-4">
      <div>
        <h2
          id="find-ice-results"
          ref={headingRef as RefObject<HTMLHeadingElement | null>}
          tabIndex={-1}
          className="scroll-mt-20 text-lg font-semibold outline-none"
        >
          {result.slots.length} free {result.slots.length === 1 ? 'slot' : 'slots'}
        </h2>
        <p className="text-sm text-muted-foreground">
          {result.isTruncated ? `The first ${LIMITS.findIce.maxResults}: narrow the search to see later ones. ` : ''}
          Times are in {timeZone.replaceAll('_', ' ')} time.
        </p>
      </div>
      {days.map(([date, slots]) => (
        <section key={date} aria-labelledby={`find-ice-${date}`} className="grid gap-2">
          <h3 id={`find-ice-${date}`} className="text-sm font-semibold">
            {formatLongDate(slots[0]!.start, timeZone)}
          </h3>
          <ul className="flex flex-wrap gap-2">
            {slots.map((slot) => (
              <li key={`${slot.spaceId}-${slot.start}`}>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`${names.get(slot.spaceId)}, ${formatTimeRange(slot.start, slot.end, timeZone)}`}
                  onClick={() => onPick(slot)}
                >
                  <span className="font-medium">{names.get(slot.spaceId)}</span>
                  <span className="tabular-nums">{formatTimeRange(slot.start, slot.end, timeZone)}</span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  )
}

function groupByDate(slots: readonly FreeSlot[]): [string, FreeSlot[]][] {
  const days = new Map<string, FreeSlot[]>()
  for (const slot of slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot])
  return [...days]
}
