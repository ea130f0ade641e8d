import { useDeferredValue, useState } from 'react'
import { Plus, Search, Upload, Users } from 'lucide-react'
import { EmptyState } from '@web/components/empty-state'
import { LoadingScreen } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { Input } from '@web/components/ui/input'
import { countOf } from '@web/lib/count'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { usePermission } from '@web/features/auth'
import { useClients, type Client } from './api'
import { ClientListHeader, ClientRow } from './components/client-row'
import { ClientFormDialog } from './components/client-form-dialog'
import { DeleteClientDialog } from './components/delete-client-dialog'
import { ImportClientsDialog } from './components/deferred-import-clients-dialog'

type Editing = { client: Client | null }

// GET /api/clients returns the organisation's whole list (it has no paging), so searching filters
// what is already loaded instead of asking the server on every keystroke.
function matchesSearch(client: Client, search: string): boolean {
  return [client.name, client.company, client.email].some((value) => value?.toLocaleLowerCase().includes(search))
}

export function ClientsPage() {
  const clients = useClients()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [pendingDeletion, setPendingDeletion] = useState<Client | null>(null)
  const [search, setSearch] = useState('')
  const [isImporting, setIsImporting] = useState(false)
  const deferredSearch = useDeferredValue(search.trim().toLocaleLowerCase())
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
  // 'Import Clients' (docs/product.md#importing-clients): many clients at once from a CSV file.
  const actions = canManageVenue ? (
    <>
      <Button variant="outline" onClick={() => setIsImporting(true)}>
        <Upload aria-hidden="true" />
        Import Clients
      </Button>
      {addClientButton}
    </>
  ) : null

  return (
    <div>
      <PageHeader title="Clients" description="The teams and groups you book time for" actions={actions} />
      {clients.data?.length ? (
        <ClientList
          clients={clients.data}
          search={search}
          onSearch={setSearch}
          found={deferredSearch ? clients.data.filter((client) => matchesSearch(client, deferredSearch)) : clients.data}
          onEdit={canManageVenue ? (target) => setEditing({ client: target }) : undefined}
          onDelete={canManageVenue ? setPendingDeletion : undefined}
        />
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
      <ImportClientsDialog open={canManageVenue && isImporting} onOpenChange={setIsImporting} />
      {canManageVenue && pendingDeletion ? (
        <DeleteClientDialog key={pendingDeletion.id} client={pendingDeletion} onClose={() => setPendingDeletion(null)} />
      ) : null}
    </div>
  )
}

type ClientListProps = {
  clients: Client[]
  found: Client[]
  search: string
  onSearch: (search: string) => void
  onEdit?: (client: Client) => void
  onDelete?: (client: Client) => void
}

function ClientList({ clients, found, search, onSearch, onEdit, onDelete }: ClientListProps) {
  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            placeholder="Search by name, company or email"
            aria-label="Search clients"
            className="pl-9"
          />
        </div>
        {/* Announced as it changes, so a screen reader hears what the search left. */}
        <p className="text-sm text-muted-foreground" role="status">
          {search.trim() ? `${found.length} of ${countOf(clients.length, 'client')}` : countOf(clients.length, 'client')}
        </p>
      </div>
      {found.length ? (
        <div className="rounded-lg border bg-card">
          <ClientListHeader canChange={Boolean(onEdit)} />
          <ul className="divide-y" aria-label="Clients">
            {found.map((client) => (
              <li key={client.id}>
                <ClientRow client={client} onEdit={onEdit} onDelete={onDelete} />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm break-words text-muted-foreground">
          No clients match “{search.trim()}”.
        </p>
      )}
    </div>
  )
}
