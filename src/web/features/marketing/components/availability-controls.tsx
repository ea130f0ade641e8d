import { LIMITS } from '@shared/limits'
import { Card, CardContent } from '@web/components/ui/card'
import { FormField } from '@web/components/ui/form-field'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { Slider } from '@web/components/ui/slider'

const { hoursAheadMin, hoursAheadMax, hoursAheadStep } = LIMITS.marketing

type AvailabilityControlsProps = {
  facilities: readonly { id: string; name: string }[]
  facilityId: string
  onFacilityChange: (facilityId: string) => void
  hoursAhead: number
  onHoursAheadChange: (hoursAhead: number) => void
}

export function AvailabilityControls({
  facilities,
  facilityId,
  onFacilityChange,
  hoursAhead,
  onHoursAheadChange,
}: AvailabilityControlsProps) {
  return (
    <Card className="py-5">
      <CardContent className="grid gap-6 px-5 sm:grid-cols-2 sm:gap-8">
        <FormField label="Facility">
          {(control) => (
            <NativeSelect {...control} value={facilityId} onChange={(event) => onFacilityChange(event.target.value)}>
              {facilities.map((facility) => (
                <NativeSelectOption key={facility.id} value={facility.id}>
                  {facility.name}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          label={
            <span className="flex w-full items-baseline justify-between gap-2">
              Hours Ahead
              <span className="font-normal text-muted-foreground tabular-nums" aria-hidden="true">
                {hoursAhead} {hoursAhead === 1 ? 'hour' : 'hours'}
              </span>
            </span>
          }
        >
          {({ id, 'aria-labelledby': labelledBy }) => (
            <Slider
              id={id}
              aria-labelledby={labelledBy}
              className="h-9"
              min={hoursAheadMin}
              max={hoursAheadMax}
              step={hoursAheadStep}
              value={[hoursAhead]}
              onValueChange={([value]) => onHoursAheadChange(value ?? hoursAhead)}
            />
          )}
        </FormField>
      </CardContent>
    </Card>
  )
}
