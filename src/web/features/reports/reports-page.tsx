import { useState } from 'react'
import { ChartColumn, Lock } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { todayInZone } from '@shared/scheduling/local-day'
import { EmptyState } from '@web/components/empty-state'
import { LoadingList } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { FormField } from '@web/components/ui/form-field'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { usePermission } from '@web/features/auth'
import { useFacilities } from '@web/features/facilities'
import { browserTimeZone, formatCalendarDay } from '@web/lib/datetime'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useReport, type ReportFilters } from './api'
import { ClientsSection } from './components/clients-section'
import { ExportsSection } from './components/exports-section'
import { PeriodPicker } from './components/period-picker'
import { UnsoldSection } from './components/unsold-section'
import { UtilisationSection } from './components/utilisation-section'
import { readPeriod, writePeriod, type PeriodSelection } from './period'
import { REPORT_LIMITS } from '@shared/reports/limits'

const ALL_FACILITIES = 'all'

export function ReportsPage() {
  const canReadReports = usePermission('readReports')
  if (!canReadReports) {
    return (
      <div>
        <PageHeader title="Reports" />
        <EmptyState icon={Lock} title="Not available for your role" description="An owner or a manager reads the reports." />
      </div>
    )
  }
  return <Reports />
}

// The facility and the period live in the address (period.ts), so a report can be shared.
function Reports() {
  const [searchParams, setSearchParams] = useSearchParams()
  const facilities = useFacilities()
  const [browserZone] = useState(browserTimeZone)
  const facilityId = searchParams.get('facilityId') ?? ALL_FACILITIES
  const facility = facilities.data?.find((candidate) => candidate.id === facilityId)
  // The presets count from today on the chosen facility's calendar; for all of them, the viewer's.
  const today = todayInZone(facility?.timeZone ?? browserZone, new Date())
  const period = readPeriod(searchParams, today, 'this-month')
  const filters: ReportFilters = { facilityId, from: period.from, to: period.to }
  const report = useReport(filters, facilityId === ALL_FACILITIES || facility !== undefined)
  useQueryErrorToast(report, 'Failed to load the report')
  useQueryErrorToast(facilities, 'Failed to load facilities')

  const changePeriod = (selection: PeriodSelection) => setSearchParams(writePeriod(searchParams, selection), { replace: true })
  const changeFacility = (id: string) => {
    const next = new URLSearchParams(searchParams)
    next.set('facilityId', id)
    setSearchParams(next, { replace: true })
  }

  const data = report.data
  const isManyFacilities = (data?.facilities.length ?? 0) > 1
  return (
    <div className="grid gap-8">
      <div>
        <PageHeader title="Reports" description="How the ice was used and sold, for a facility and a period." />
        <form
          className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-start"
          aria-label="Report filters"
          onSubmit={(event) => event.preventDefault()}
        >
          <FormField label="Facility" className="sm:w-56">
            {(control) => (
              <NativeSelect {...control} value={facilityId} onChange={(event) => changeFacility(event.target.value)}>
                <NativeSelectOption value={ALL_FACILITIES}>All facilities</NativeSelectOption>
                {facilities.data?.map((candidate) => (
                  <NativeSelectOption key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <PeriodPicker key={period.choice} value={period} onChange={changePeriod} today={today} maxDays={REPORT_LIMITS.maxDays} />
        </form>
        <p className="mt-3 text-sm text-muted-foreground" aria-live="polite">
          {formatCalendarDay(period.from)} – {formatCalendarDay(period.to)}
          {facility ? `, ${facility.name}` : ', all facilities'}
        </p>
      </div>
      {facilities.data && facilityId !== ALL_FACILITIES && !facility ? (
        <EmptyState icon={ChartColumn} title="Facility not found" description="Choose another facility, or all facilities." />
      ) : report.isPending ? (
        <LoadingList label="Loading the report..." rows={6} />
      ) : !data ? null : data.facilities.length === 0 ? (
        <EmptyState
          icon={ChartColumn}
          title="Nothing to report yet"
          description="Add a facility and its spaces; their bookings are reported here."
        />
      ) : (
        <div className="grid gap-10" aria-busy={report.isPlaceholderData}>
          <UtilisationSection utilisation={data.utilisation} showFacility={isManyFacilities} />
          <ClientsSection clients={data.clients} />
          <UnsoldSection unsold={data.unsold} facilities={data.facilities} />
        </div>
      )}
      <ExportsSection filters={filters} />
    </div>
  )
}
