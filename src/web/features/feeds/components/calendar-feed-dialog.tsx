import { useId, useState } from 'react'
import { Copy, RotateCcw } from 'lucide-react'
import { toast } from 'sonner'
import { FEED_MESSAGES, type FeedScope } from '@shared/feeds/schema'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { Button } from '@web/components/ui/button'
import { Checkbox } from '@web/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { usePermission } from '@web/features/auth'
import { errorDescription } from '@web/lib/api-client'
import { useCreateFeed, useFeed, useResetFeed, useUpdateFeed, type Feed } from '../api'

export type CalendarFeedDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  scope: FeedScope
  targetId: string
  /** The client's, space's or facility's name, as the page shows it. */
  targetName: string
}

const COVERS: Record<FeedScope, (name: string) => string> = {
  client: (name) => `${name}'s bookings`,
  space: (name) => `the bookings of ${name} and of its parts`,
  facility: (name) => `every booking at ${name}`,
}

// A secret address for calendar apps (docs/product.md#calendar-feeds). Those who read the
// business copy it; only an owner or a manager creates, resets or changes it.
export function CalendarFeedDialog({ open, onOpenChange, scope, targetId, targetName }: CalendarFeedDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Calendar Feed</DialogTitle>
          <DialogDescription>
            Subscribe to {COVERS[scope](targetName)} in Google Calendar, Apple Calendar or Outlook with this address.
          </DialogDescription>
        </DialogHeader>
        {open ? <FeedDetails scope={scope} targetId={targetId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function FeedDetails({ scope, targetId, onDone }: { scope: FeedScope; targetId: string; onDone: () => void }) {
  const canManage = usePermission('manageVenue')
  const feed = useFeed(scope, targetId, { enabled: true })
  const createFeed = useCreateFeed(scope, targetId)

  if (feed.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading feed...
      </p>
    )
  }
  if (feed.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load the feed. {errorDescription(feed.error)}
      </p>
    )
  }
  if (feed.data) return <FeedAddress scope={scope} targetId={targetId} feed={feed.data} canManage={canManage} onDone={onDone} />

  const create = () =>
    createFeed.mutate(false, {
      onError: (error) => toast.error('Failed to create the feed', { description: errorDescription(error) }),
    })
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {canManage ? 'There is no feed yet.' : 'There is no feed yet. An owner or a manager can create one.'}
      </p>
      <GoogleNote />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Close
        </Button>
        {canManage ? (
          <Button type="button" onClick={create} disabled={createFeed.isPending}>
            {createFeed.isPending ? 'Creating...' : 'Create Feed URL'}
          </Button>
        ) : null}
      </DialogFooter>
    </div>
  )
}

function FeedAddress({
  scope,
  targetId,
  feed,
  canManage,
  onDone,
}: {
  scope: FeedScope
  targetId: string
  feed: Feed
  canManage: boolean
  onDone: () => void
}) {
  const [isConfirmingReset, setIsConfirmingReset] = useState(false)
  const resetFeed = useResetFeed(scope, targetId)
  const updateFeed = useUpdateFeed(scope, targetId)
  const checkboxId = useId()
  const hintId = useId()

  const copy = async () => {
    if (!feed.url) return
    try {
      // navigator.clipboard is missing outside a secure context (plain http on a LAN address).
      await navigator.clipboard.writeText(feed.url)
      toast.success(FEED_MESSAGES.copied)
    } catch {
      toast.error('Could not copy. Select the address and copy it by hand.')
    }
  }

  const reset = () =>
    resetFeed.mutate(feed.id, {
      onSuccess: () => {
        setIsConfirmingReset(false)
        toast.success(FEED_MESSAGES.reset)
      },
      onError: (error) => toast.error('Failed to reset the feed', { description: errorDescription(error) }),
    })

  const setIncludeClientNames = (includeClientNames: boolean) =>
    updateFeed.mutate(
      { feedId: feed.id, includeClientNames },
      { onError: (error) => toast.error('Failed to save the feed', { description: errorDescription(error) }) },
    )

  return (
    <div className="grid min-w-0 gap-4">
      <FormField
        label="Feed URL"
        description={
          feed.url
            ? 'Anyone with this address can see these bookings: share it only with those who should.'
            : 'This address can no longer be shown here. Reset it to get a new one.'
        }
      >
        {(control) => (
          <Input
            {...control}
            readOnly
            value={feed.url ?? ''}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
      </FormField>
      {scope === 'client' ? null : (
        <div className="grid gap-1.5">
          <div className="flex items-center gap-3">
            <Checkbox
              id={checkboxId}
              aria-describedby={hintId}
              checked={feed.includeClientNames}
              disabled={!canManage || updateFeed.isPending}
              onCheckedChange={(checked) => setIncludeClientNames(checked === true)}
            />
            <Label htmlFor={checkboxId}>Include client names</Label>
          </div>
          <p id={hintId} className="text-sm text-muted-foreground">
            Shows each booking's client and description. Left off, the feed shows titles, times and teams only.
          </p>
        </div>
      )}
      <GoogleNote />
      <DialogFooter className="gap-2">
        {canManage ? (
          <Button type="button" variant="outline" onClick={() => setIsConfirmingReset(true)}>
            <RotateCcw aria-hidden="true" />
            Reset Feed URL
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={onDone}>
            Close
          </Button>
        )}
        <Button type="button" onClick={copy} disabled={!feed.url}>
          <Copy aria-hidden="true" />
          Copy Feed URL
        </Button>
      </DialogFooter>
      <ConfirmDialog
        open={isConfirmingReset}
        onOpenChange={setIsConfirmingReset}
        title="Reset Feed URL?"
        description="The current address stops working at once. Everyone subscribed to it must subscribe to the new one."
        confirmLabel="Reset Feed URL"
        pendingLabel="Resetting..."
        isPending={resetFeed.isPending}
        onConfirm={reset}
      />
    </div>
  )
}

function GoogleNote() {
  return <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{FEED_MESSAGES.googleRefresh}</p>
}
