import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { holidayClosuresPreviewInput } from '@shared/closures/holidays'
import type { CoveredEventChoice } from '@shared/closures/schema'
import { todayInZone } from '@shared/scheduling/local-day'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { ApiError, errorDescription } from '@web/lib/api-client'
import { formatCalendarDay, formatSpan } from '@web/lib/datetime'
import { useSettledValue } from '@web/lib/use-settled-value'
import { useAddHolidayClosures, useHolidayClosuresPreview, useHolidayCountries } from '../api'
import { declinedRequestsDescription } from './declined-requests'

const PREVIEW_DELAY_MS = 300

type HolidayClosuresDialogProps = {
  facilityId: string
  /** The facility's zone: each holiday closes its whole day on this calendar. */
  timeZone: string
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** The season a rink plans next: Sep 1 to Apr 30, this one until April is over (docs/product.md#closures). */
function defaultSeason(today: string) {
  const year = Number(today.slice(0, 4))
  const start = Number(today.slice(5, 7)) <= 4 ? year - 1 : year
  return { from: `${start}-09-01`, to: `${start + 1}-04-30` }
}

// The form lives inside the dialog's content, which mounts on each opening: every opening starts fresh.
export function HolidayClosuresDialog({ facilityId, timeZone, open, onOpenChange }: HolidayClosuresDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add Public Holidays</DialogTitle>
          <DialogDescription>Close the whole facility all day on each public holiday of your region.</DialogDescription>
        </DialogHeader>
        <HolidayClosuresForm facilityId={facilityId} timeZone={timeZone} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function HolidayClosuresForm({ facilityId, timeZone, onDone }: { facilityId: string; timeZone: string; onDone: () => void }) {
  const ids = useId()
  const countries = useHolidayCountries()
  const [country, setCountry] = useState('')
  const [region, setRegion] = useState('')
  const [season, setSeason] = useState(() => defaultSeason(todayInZone(timeZone, new Date())))
  const [choice, setChoice] = useState<CoveredEventChoice | null>(null)
  const [choiceError, setChoiceError] = useState<string | null>(null)
  const regions = countries.data?.find((entry) => entry.code === country)?.regions ?? []
  const parsed = holidayClosuresPreviewInput.safeParse({ country, region, ...season })
  const rangeError = country && !parsed.success ? parsed.error.issues.find((issue) => issue.path[0] === 'to')?.message : undefined
  const settled = useSettledValue(parsed.success ? parsed.data : null, PREVIEW_DELAY_MS)
  const preview = useHolidayClosuresPreview(facilityId, settled.value)
  const add = useAddHolidayClosures(facilityId)
  const isCurrent = parsed.success && settled.isSettled && preview.isSuccess && !preview.isPlaceholderData && !preview.isFetching
  const plan = parsed.success ? preview.data : undefined
  const newCount = plan?.holidays.filter((holiday) => !holiday.isAlreadyClosed).length ?? 0

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!parsed.success || !plan) return
    if (plan.total > 0 && choice === null) {
      setChoiceError('Please choose whether to keep or cancel these events')
      return
    }
    add.mutate(
      { ...parsed.data, coveredEvents: choice },
      {
        onSuccess: (result) => {
          const skipped = result.skipped.length > 0 ? ` (${result.skipped.length} already closed)` : ''
          toast.success(`Added ${result.added} public ${result.added === 1 ? 'holiday' : 'holidays'} as closures${skipped}`, {
            description: declinedRequestsDescription(result.declinedRequests),
          })
          onDone()
        },
        onError: (error) => {
          // Events were booked on a holiday meanwhile: the list is asked again and the operator chooses.
          if (error instanceof ApiError && error.status === 409) void preview.refetch()
          toast.error('Failed to add public holidays', { description: errorDescription(error) })
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Country" error={countries.isError ? errorDescription(countries.error) : undefined}>
          {(control) => (
            <NativeSelect
              {...control}
              value={country}
              onChange={(event) => {
                setCountry(event.target.value)
                setRegion('')
              }}
            >
              <NativeSelectOption value="">{countries.isPending ? 'Loading countries...' : 'Select a country'}</NativeSelectOption>
              {countries.data?.map((entry) => (
                <NativeSelectOption key={entry.code} value={entry.code}>
                  {entry.name}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="State or province" description="Optional: adds its own holidays.">
          {(control) => (
            <NativeSelect {...control} value={region} disabled={regions.length === 0} onChange={(event) => setRegion(event.target.value)}>
              <NativeSelectOption value="">All of the country</NativeSelectOption>
              {regions.map((entry) => (
                <NativeSelectOption key={entry.code} value={entry.code}>
                  {entry.name}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="First day">
          {(control) => (
            <Input {...control} type="date" value={season.from} onChange={(event) => setSeason({ ...season, from: event.target.value })} />
          )}
        </FormField>
        <FormField label="Last day" error={rangeError}>
          {(control) => (
            <Input {...control} type="date" value={season.to} onChange={(event) => setSeason({ ...season, to: event.target.value })} />
          )}
        </FormField>
      </div>
      {parsed.success ? (
        <div className="grid min-w-0 gap-3 rounded-lg border p-4">
          <p id={`${ids}-holidays`} aria-live="polite" className="text-sm font-medium">
            {preview.isError
              ? (errorDescription(preview.error) ?? 'Could not read the holidays. Please try again.')
              : !plan || !isCurrent
                ? 'Reading the holidays...'
                : plan.holidays.length === 0
                  ? 'No public holidays on these days.'
                  : `${plan.holidays.length} public ${plan.holidays.length === 1 ? 'holiday' : 'holidays'}, ${newCount} to add`}
          </p>
          {plan && plan.holidays.length > 0 ? (
            <ul
              aria-labelledby={`${ids}-holidays`}
              aria-busy={!isCurrent}
              tabIndex={0}
              className="max-h-56 divide-y overflow-y-auto rounded-md border outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            >
              {plan.holidays.map((holiday) => (
                <li key={holiday.date} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm">
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{holiday.name}</span>
                    <span aria-hidden="true"> · </span>
                    <span className="sr-only">, </span>
                    <span className="text-muted-foreground">{formatCalendarDay(holiday.date)}</span>
                  </span>
                  {holiday.isAlreadyClosed ? <Badge variant="secondary">Already closed</Badge> : null}
                </li>
              ))}
            </ul>
          ) : null}
          {plan && plan.total > 0 ? (
            <>
              <p className="text-sm font-medium">
                {plan.total} {plan.total === 1 ? 'event falls' : 'events fall'} on these holidays
              </p>
              <ul className="grid gap-1 text-sm text-muted-foreground">
                {plan.events.map((event) => (
                  <li key={event.id} className="break-words">
                    {event.title} · {event.roomName} · {formatSpan(event.startTime, event.endTime, timeZone)}
                  </li>
                ))}
              </ul>
              <fieldset className="grid gap-3" aria-describedby={choiceError ? `${ids}-choice-error` : undefined}>
                <legend className="mb-3 text-sm font-medium">What happens to these events?</legend>
                {(['keep', 'cancel'] as const).map((value) => (
                  <div key={value} className="flex items-start gap-3">
                    <input
                      id={`${ids}-${value}`}
                      type="radio"
                      name="coveredEvents"
                      value={value}
                      checked={choice === value}
                      onChange={() => {
                        setChoice(value)
                        setChoiceError(null)
                      }}
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                    />
                    <Label htmlFor={`${ids}-${value}`}>{value === 'keep' ? 'Keep these events' : 'Cancel these events'}</Label>
                  </div>
                ))}
                {choiceError ? (
                  <p id={`${ids}-choice-error`} className="text-sm text-destructive">
                    {choiceError}
                  </p>
                ) : null}
              </fieldset>
            </>
          ) : null}
        </div>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!isCurrent || newCount === 0 || add.isPending}>
          {add.isPending ? 'Adding...' : `Add ${newCount} ${newCount === 1 ? 'holiday' : 'holidays'}`}
        </Button>
      </DialogFooter>
    </form>
  )
}
