import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { EVENT_MESSAGES } from '@shared/events/schema'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { usePermission } from '@web/features/auth'
import { useBookableRooms, type BookableRoomWithFacility } from '../api'

type SelectRoomDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSelect: (room: BookableRoomWithFacility) => void
  /** Only this facility's rooms, when booking from its page. */
  facilityId?: string
}

/** 'Select a Room' before booking from All Events (docs/product.md#events): every space but change rooms. */
export function SelectRoomDialog({ open, onOpenChange, onSelect, facilityId }: SelectRoomDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Select a Room</DialogTitle>
          <DialogDescription>Choose where the event takes place.</DialogDescription>
        </DialogHeader>
        {open ? <SelectRoomForm facilityId={facilityId} onCancel={() => onOpenChange(false)} onSelect={onSelect} /> : null}
      </DialogContent>
    </Dialog>
  )
}

type SelectRoomFormProps = { facilityId?: string; onCancel: () => void; onSelect: (room: BookableRoomWithFacility) => void }

function SelectRoomForm({ facilityId, onCancel, onSelect }: SelectRoomFormProps) {
  const rooms = useBookableRooms(true)
  const choices = facilityId ? rooms.data?.filter((room) => room.facilityId === facilityId) : rooms.data
  const [roomId, setRoomId] = useState('')
  const [error, setError] = useState<string | undefined>()
  const canManageVenue = usePermission('manageVenue')

  useQueryErrorToast(rooms, 'Failed to load rooms')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const room = choices?.find((candidate) => candidate.id === roomId)
    if (!room) {
      setError(EVENT_MESSAGES.room)
      return
    }
    onSelect(room)
  }

  const hasNoRooms = choices?.length === 0

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField
        label="Space"
        error={error}
        description={
          hasNoRooms && !canManageVenue ? (
            'No spaces yet.'
          ) : hasNoRooms ? (
            <>
              No spaces yet.{' '}
              <Link to="/facilities" className="font-medium text-primary underline underline-offset-4">
                Add a space to a facility
              </Link>{' '}
              first.
            </>
          ) : undefined
        }
      >
        {(control) => (
          <NativeSelect
            {...control}
            value={roomId}
            onChange={(event) => {
              setRoomId(event.target.value)
              setError(undefined)
            }}
          >
            <NativeSelectOption value="">{rooms.isPending ? 'Loading spaces...' : 'Select a space'}</NativeSelectOption>
            {choices?.map((room) => (
              <NativeSelectOption key={room.id} value={room.id}>
                {room.name} - {room.facilityName}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Continue</Button>
      </DialogFooter>
    </form>
  )
}
