import { CircleCheck, CircleSlash } from 'lucide-react'
import { ROOM_TYPE_LABELS } from '@shared/limits'
import { localDateOf } from '@shared/scheduling/local-day'
import { Badge } from '@web/components/ui/badge'
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card'
import { formatTimeRange } from '@web/lib/datetime'
import { cn } from '@web/lib/utils'
import type { AvailabilitySlot, RoomAvailability } from '../api'

type RoomAvailabilityCardProps = {
  room: RoomAvailability
  timeZone: string
  /** The facility's date when the window starts; slots on a later date are tomorrow's. */
  today: string
}

export function RoomAvailabilityCard({ room, timeZone, today }: RoomAvailabilityCardProps) {
  const available = room.slots.filter((slot) => slot.isAvailable).length
  return (
    <Card className="h-full gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle asChild>
          <h3 className="min-w-0 break-words">{room.name}</h3>
        </CardTitle>
        <CardDescription>{ROOM_TYPE_LABELS[room.type]}</CardDescription>
        <CardAction>
          <Badge variant={available > 0 ? 'default' : 'secondary'}>
            {available}/{room.slots.length} Available
          </Badge>
        </CardAction>
      </CardHeader>
      <CardContent className="px-5">
        {room.slots.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={`Slots for ${room.name}`}>
            {room.slots.map((slot) => (
              <SlotItem
                key={slot.start}
                slot={slot}
                timeZone={timeZone}
                isTomorrow={localDateOf(new Date(slot.start), timeZone) !== today}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No bookable slots in this window</p>
        )}
      </CardContent>
    </Card>
  )
}

function SlotItem({ slot, timeZone, isTomorrow }: { slot: AvailabilitySlot; timeZone: string; isTomorrow: boolean }) {
  const Icon = slot.isAvailable ? CircleCheck : CircleSlash
  return (
    <li
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md border px-2 py-1 text-xs tabular-nums',
        slot.isAvailable ? 'border-primary/40 bg-primary/10 font-medium text-primary' : 'border-transparent bg-muted text-muted-foreground',
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className={cn(!slot.isAvailable && 'line-through')}>
        {isTomorrow ? 'Tomorrow ' : ''}
        {formatTimeRange(slot.start, slot.end, timeZone)}
      </span>
      <span className="sr-only">{slot.isAvailable ? ', available' : ', booked'}</span>
    </li>
  )
}
