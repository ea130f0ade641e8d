import { useId, useState } from 'react'
import type { RoomDeleteQuery } from '@shared/rooms/schema'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { Label } from '@web/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@web/components/ui/radio-group'
import type { Room } from '../api'

type PartsChoice = RoomDeleteQuery['parts']

type DeleteRoomDialogProps = {
  /** The space to delete, or null when none is. */
  room: Room | null
  /** The facility's spaces, to find the space's parts and its own whole. */
  rooms: readonly Room[]
  open: boolean
  onClose: () => void
  isPending: boolean
  /** With what becomes of its parts, or without for a space that has none. */
  onConfirm: (parts?: PartsChoice) => void
}

const listFormat = new Intl.ListFormat('en', { type: 'conjunction' })

// Deleting a whole asks what becomes of its parts (docs/product.md#linked-spaces); a space
// without parts is confirmed as any other deletion.
export function DeleteRoomDialog({ room, rooms, open, onClose, isPending, onConfirm }: DeleteRoomDialogProps) {
  const [parts, setParts] = useState<PartsChoice>('keep')
  // Each deletion starts from the safe choice, not from the one made for another space.
  const [askedFor, setAskedFor] = useState(room?.id)
  if (askedFor !== room?.id) {
    setAskedFor(room?.id)
    setParts('keep')
  }
  const ids = useId()
  const partsOfRoom = room ? rooms.filter((space) => space.parentId === room.id) : []
  const whole = room?.parentId ? rooms.find((space) => space.id === room.parentId) : undefined
  const hasParts = partsOfRoom.length > 0

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title="Delete Room?"
      description={
        <p>
          “{room?.name}” and all of its scheduled events will be permanently deleted. Hours charged to client contracts for those events are
          given back. This cannot be undone.
        </p>
      }
      isPending={isPending}
      onConfirm={() => onConfirm(hasParts ? parts : undefined)}
    >
      {hasParts ? (
        <div className="grid gap-3">
          <p id={`${ids}-label`} className="text-sm font-medium">
            What happens to its parts, {listFormat.format(partsOfRoom.map((part) => part.name))}?
          </p>
          <RadioGroup
            aria-labelledby={`${ids}-label`}
            value={parts}
            onValueChange={(value) => setParts(value === 'delete' ? 'delete' : 'keep')}
            disabled={isPending}
          >
            <PartsOption
              id={`${ids}-keep`}
              value="keep"
              label="Keep its parts"
              hint={
                whole ? `They stay, with their events, as parts of ${whole.name}.` : 'They stay, with their events, as spaces of their own.'
              }
            />
            <PartsOption
              id={`${ids}-delete`}
              value="delete"
              label="Delete its parts too"
              hint="They and all of their events are permanently deleted as well."
            />
          </RadioGroup>
        </div>
      ) : null}
    </ConfirmDialog>
  )
}

function PartsOption({ id, value, label, hint }: { id: string; value: PartsChoice; label: string; hint: string }) {
  return (
    <div className="flex items-start gap-3">
      <RadioGroupItem id={id} value={value} aria-describedby={`${id}-hint`} className="mt-0.5" />
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  )
}
