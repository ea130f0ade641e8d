import { useState } from 'react'
import { Plus, Users } from 'lucide-react'
import { EmptyState } from '@web/components/empty-state'
import { LoadingScreen } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { usePermission } from '@web/features/auth'
import { useClients, type Client } from './api'
import { ClientCard } from './components/client-card'
import { ClientFormDialog } from './components/client-form-dialog'
import { DeleteClientDialog } from './components/delete-client-dialog'

type Editing = { client: Client | null }

export function ClientsPage() {
  const clients = useClients()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [pendingDeletion, setPendingDeletion] = useState<Client | null>(null)
  // Everyone reads the clients; only an owner or a manager adds, edits or deletes them (docs/product.md#teams).
  const canManageVenue = usePermission('manageVenue')

  useQueryErrorToast(clients, 'Failed to load clients')

  if (clients.isPending) return <LoadingScreen />

  const addClientButton = canManageVenue ? (
    <Button onClick={() => setEditing({ client: null })}>
      <Plus aria-hidden="true" />
      Add Client
    </Button>
  ) : null

  return (
    <div>
      <PageHeader title="Clients" description="The teams and groups you book time for" actions={addClientButton} />
      {clients.data?.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Clients">
          {clients.data.map((client) => (
            <li key={client.id} className="grid">
              {canManageVenue ? (
                <ClientCard client={client} onEdit={(target) => setEditing({ client: target })} onDelete={setPendingDeletion} />
              ) : (
                <ClientCard client={client} />
              )}
            </li>
          ))}
        </ul>
      ) : clients.isSuccess ? (
        <EmptyState
          icon={Users}
          title="No clients yet"
          description={
            canManageVenue
              ? 'Add the teams and groups you book time for, then give them hour contracts.'
              : 'An owner or a manager of your organisation adds the clients.'
          }
          action={addClientButton}
        />
      ) : null}
      <ClientFormDialog
        open={canManageVenue && editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        client={editing?.client}
      />
      {canManageVenue && pendingDeletion ? (
        <DeleteClientDialog key={pendingDeletion.id} client={pendingDeletion} onClose={() => setPendingDeletion(null)} />
      ) : null}
    </div>
  )
}
