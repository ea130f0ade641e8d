import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { errorDescription } from '@web/lib/api-client'
import { countOf } from '@web/lib/count'
import { clientQueryOptions, useDeleteClient, type Client, type ClientDependents } from '../api'

type DeleteClientDialogProps = {
  client: Client
  onClose: () => void
}

/**
 * 'Delete Client?' says what will happen before anything goes (ADR 0006). Mount it when the
 * operator asks to delete: it opens once fresh counts have arrived, never with stale ones.
 */
export function DeleteClientDialog({ client, onClose }: DeleteClientDialogProps) {
  const deleteClient = useDeleteClient()
  // Once the deletion is under way the client is gone: its detail must not be fetched again into a 404.
  const detail = useQuery({
    ...clientQueryOptions(client.id),
    refetchOnMount: 'always',
    enabled: deleteClient.isIdle || deleteClient.isError,
  })
  const isReady = detail.isFetchedAfterMount && detail.isSuccess

  useEffect(() => {
    if (!detail.isError) return
    toast.error('Failed to delete client', { description: errorDescription(detail.error) })
    onClose()
  }, [detail.isError, detail.error, onClose])

  const confirm = () =>
    deleteClient.mutate(client.id, {
      onSuccess: () => {
        toast.success('Client deleted successfully')
        onClose()
      },
      onError: (error) => toast.error('Failed to delete client', { description: errorDescription(error) }),
    })

  return (
    <ConfirmDialog
      open={isReady}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete Client?"
      description={detail.data ? <DeletionSummary name={client.name} dependents={detail.data.dependents} /> : null}
      isPending={deleteClient.isPending}
      onConfirm={confirm}
    />
  )
}

function DeletionSummary({ name, dependents }: { name: string; dependents: ClientDependents }) {
  return (
    <div className="grid gap-2 text-left">
      <p>“{name}” will be permanently deleted.</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          {dependents.contracts === 0
            ? 'It has no contracts.'
            : `${countOf(dependents.contracts, 'contract')} and ${countOf(dependents.usageLogs, 'usage log')} will be deleted with it.`}
        </li>
        <li>
          {dependents.events === 0
            ? 'It has no booked events.'
            : `${countOf(dependents.events, 'booked event stays', 'booked events stay')} on the schedule, without a client.`}
        </li>
      </ul>
      <p>This cannot be undone.</p>
    </div>
  )
}
