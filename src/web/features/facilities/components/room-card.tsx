import { CalendarDays, CalendarPlus, CornerDownRight, Inbox, Pencil, Timer, Trash2, Users } from 'lucide-react'
import { Link } from 'react-router'
import { ROOM_TYPE_LABELS } from '@shared/limits'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card'
import type { Room } from '../api'

type RoomCardProps = {
  room: Room
  /** The name of the space it is part of, for a part (linked spaces). */
  wholeName?: string
  /** Left out for a member who may not edit spaces (docs/product.md#teams). */
  onEdit?: (room: Room) => void
  /** Left out for a member who may not delete spaces (docs/product.md#teams). */
  onDelete?: (room: Room) => void
  /** Opens Add New Event for this space; left out for change rooms and for who may not book. */
  onBook?: (room: Room) => void
}

export function RoomCard({ room, wholeName, onEdit, onDelete, onBook }: RoomCardProps) {
  const path = `/facility/${room.facilityId}/room/${room.id}`
  return (
    // The title's link is stretched over the card, so a click anywhere on it opens the schedule;
    // the buttons sit above that layer.
    <Card className="relative gap-4">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <CardTitle asChild>
          <h3 className="min-w-0 break-words">
            <Link
              to={path}
              className="underline-offset-4 outline-hidden after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:after:ring-2 focus-visible:after:ring-ring"
            >
              {room.name}
            </Link>
          </h3>
        </CardTitle>
        <Badge variant={room.type === 'change_room' ? 'outline' : 'secondary'}>{ROOM_TYPE_LABELS[room.type]}</Badge>
      </CardHeader>
      {wholeName || room.capacity !== null || room.changeoverMinutes > 0 || room.acceptsRequests || room.description ? (
        <CardContent className="grid gap-2 text-sm">
          {wholeName ? (
            <p className="flex items-start gap-1.5 text-muted-foreground">
              <CornerDownRight className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">Part of {wholeName}</span>
            </p>
          ) : null}
          {room.capacity !== null ? (
            <p className="flex items-center gap-1.5 text-muted-foreground">
              <Users className="size-4 shrink-0" aria-hidden="true" />
              Capacity: {room.capacity}
            </p>
          ) : null}
          {room.changeoverMinutes > 0 ? (
            <p className="flex items-center gap-1.5 text-muted-foreground">
              <Timer className="size-4 shrink-0" aria-hidden="true" />
              {room.changeoverMinutes} min changeover
            </p>
          ) : null}
          {room.acceptsRequests ? (
            <p className="flex items-center gap-1.5 text-muted-foreground">
              <Inbox className="size-4 shrink-0" aria-hidden="true" />
              Accepts requests
            </p>
          ) : null}
          {room.description ? <p className="line-clamp-3 break-words">{room.description}</p> : null}
        </CardContent>
      ) : null}
      <CardFooter className="relative z-10 mt-auto gap-2">
        <Button asChild variant="outline" size="sm" className="flex-1">
          <Link to={path} aria-label={`Schedule for ${room.name}`}>
            <CalendarDays aria-hidden="true" />
            Schedule
          </Link>
        </Button>
        {onBook && room.type !== 'change_room' ? (
          <Button variant="outline" size="icon" className="size-8" aria-label={`Book ${room.name}`} onClick={() => onBook(room)}>
            <CalendarPlus aria-hidden="true" />
          </Button>
        ) : null}
        {onEdit ? (
          <Button variant="outline" size="icon" className="size-8" aria-label={`Edit Space ${room.name}`} onClick={() => onEdit(room)}>
            <Pencil aria-hidden="true" />
          </Button>
        ) : null}
        {onDelete ? (
          <Button variant="outline" size="icon" className="size-8" aria-label={`Delete ${room.name}`} onClick={() => onDelete(room)}>
            <Trash2 className="text-destructive" aria-hidden="true" />
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  )
}
