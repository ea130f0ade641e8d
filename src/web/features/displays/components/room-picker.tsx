import { useId } from 'react'
import { Link } from 'react-router'
import { LIMITS } from '@shared/limits'
import { ColorSwatches } from '@web/components/color-swatches'
import { Checkbox } from '@web/components/ui/checkbox'
import { Label } from '@web/components/ui/label'
import { Skeleton } from '@web/components/ui/skeleton'
import type { RoomOption } from '../api'

export type PickedRoom = { roomId: string; color?: string }

type RoomPickerProps = {
  options: RoomOption[] | undefined
  isLoading: boolean
  value: PickedRoom[]
  onChange: (value: PickedRoom[]) => void
  error?: string
}

/**
 * The rooms a screen shows, each with the colour of its block on the board. The board lists
 * them in the order of this list.
 */
export function RoomPicker({ options, isLoading, value, onChange, error }: RoomPickerProps) {
  const groupId = useId()
  const errorId = `${groupId}-error`
  const picked = new Map(value.map((room) => [room.roomId, room.color ?? LIMITS.screen.defaultRoomColor]))

  const inListOrder = (next: Map<string, string>) =>
    (options ?? []).filter((option) => next.has(option.id)).map((option) => ({ roomId: option.id, color: next.get(option.id)! }))

  const toggle = (roomId: string, isPicked: boolean) => {
    const next = new Map(picked)
    if (isPicked) next.set(roomId, LIMITS.screen.defaultRoomColor)
    else next.delete(roomId)
    onChange(inListOrder(next))
  }

  const recolor = (roomId: string, color: string) => onChange(inListOrder(new Map(picked).set(roomId, color)))

  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">Spaces</legend>
      {isLoading ? (
        <Skeleton className="h-20 w-full" />
      ) : options?.length ? (
        <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-2">
          {options.map((option) => {
            const color = picked.get(option.id)
            const label = `${option.name} - ${option.facilityName}`
            return (
              <li key={option.id} className="grid gap-2 rounded px-1 py-1">
                <div className="flex min-h-7 items-center gap-3">
                  <Checkbox
                    id={`${groupId}-${option.id}`}
                    checked={color !== undefined}
                    onCheckedChange={(checked) => toggle(option.id, checked === true)}
                    aria-invalid={error ? true : undefined}
                  />
                  <Label htmlFor={`${groupId}-${option.id}`} className="min-w-0 flex-1 leading-snug font-normal break-words">
                    {label}
                  </Label>
                </div>
                {color !== undefined ? (
                  <ColorSwatches
                    aria-label={`Colour for ${label}`}
                    value={color}
                    onChange={(next) => recolor(option.id, next)}
                    className="pl-7"
                    custom={
                      // The native picker always answers #rrggbb, so a room's colour cannot be left invalid.
                      <input
                        type="color"
                        value={color}
                        onChange={(event) => recolor(option.id, event.target.value)}
                        aria-label={`Custom colour for ${label}`}
                        className="h-8 w-12 shrink-0 cursor-pointer rounded border border-input bg-transparent p-0.5"
                      />
                    }
                  />
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
          No rooms yet. Add a room, rink or court to a facility on the{' '}
          <Link to="/facilities" className="text-primary underline underline-offset-4">
            Facility Setup
          </Link>{' '}
          page first.
        </p>
      )}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
