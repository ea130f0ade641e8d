import { useState, type ComponentProps, type ReactNode } from 'react'
import { ArrowLeft, Clock, FileText, Pencil, Plus, ScrollText } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { EmptyState } from '@web/components/empty-state'
import { LoadingList, LoadingScreen } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs'
import {
  ContractCard,
  LogHoursDialog,
  UsageReport,
  useClientContracts,
  useUsageReport,
  type ContractsPageState,
} from '@web/features/contracts'
import { usePermission } from '@web/features/auth'
import { ClientBillingSection, ClientSpecialRates } from '@web/features/billing'
import { CalendarFeedButton } from '@web/features/feeds'
import { statementPath } from '@web/features/reports'
import { ApiError } from '@web/lib/api-client'
import { deferred, useDeferred } from '@web/lib/deferred'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useClient, type Client } from './api'
import { ClientBookings } from './components/client-bookings'
import { ClientContactDetails } from './components/client-contact-details'
import { PortalAccess } from './components/portal-access'
import type { ClientFormDialog as LoadedClientFormDialog } from './components/client-form-dialog'

// The edit form (react-hook-form and the shared schemas) loads after the page has painted, not
// with it: the page stays within its JavaScript budget (docs/benchmarks.md).
const clientFormDialog = deferred(() => import('./components/client-form-dialog').then((module) => module.ClientFormDialog))

function ClientFormDialog(props: ComponentProps<typeof LoadedClientFormDialog>) {
  const canManageVenue = usePermission('manageVenue')
  const Loaded = useDeferred(clientFormDialog, {
    isOpen: props.open,
    shouldPrefetch: canManageVenue,
    close: () => props.onOpenChange(false),
  })
  return Loaded ? <Loaded {...props} /> : null
}

export function ClientPage() {
  const { id = '' } = useParams()
  const detail = useClient(id)
  const isMissing = detail.error instanceof ApiError && detail.error.status === 404

  // A missing client is said on the page instead.
  useQueryErrorToast({ isError: detail.isError && !isMissing, error: detail.error }, 'Failed to load clients')

  if (detail.isPending) return <LoadingScreen />

  return (
    <div>
      <Link
        to="/clients"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Clients
      </Link>
      {detail.data ? (
        <ClientDetail clientId={id} client={detail.data.client} />
      ) : isMissing ? (
        <PageHeader title="Client not found" description="It may have been deleted, or the link is wrong." />
      ) : null}
    </div>
  )
}

// The front desk reads a client's contact details and bookings only; contracts and usage are the
// business's (docs/product.md#teams), so their requests are not even made.
function ClientDetail({ clientId, client }: { clientId: string; client: Client }) {
  const canReadBusiness = usePermission('readBusiness')
  const [isEditing, setIsEditing] = useState(false)
  // Only an owner or a manager changes clients, as on /clients (docs/product.md#teams).
  const canManageVenue = usePermission('manageVenue')
  const editButton = canManageVenue ? (
    <Button variant="outline" onClick={() => setIsEditing(true)}>
      <Pencil aria-hidden="true" />
      Edit Client
    </Button>
  ) : null

  return (
    <>
      {canReadBusiness ? (
        <ClientDetailWithContracts clientId={clientId} client={client} editButton={editButton} />
      ) : (
        <>
          <PageHeader title={client.name} actions={editButton ?? undefined} />
          <div className="max-w-xl">
            <ClientInformation client={client} />
          </div>
        </>
      )}
      {/* Who speaks for the client in the renters' portal: an owner's or a manager's (docs/product.md#renters). */}
      {canManageVenue ? <PortalAccess className="mt-8 block max-w-3xl" clientId={clientId} clientName={client.name} /> : null}
      {/* Each loads only for a role that may see it (features/billing). */}
      <ClientBillingSection className="mt-8" clientId={clientId} clientName={client.name} />
      <ClientSpecialRates className="mt-8" clientId={clientId} clientName={client.name} />
      <ClientBookings clientId={clientId} />
      <ClientFormDialog open={canManageVenue && isEditing} onOpenChange={setIsEditing} client={client} />
    </>
  )
}

function ClientInformation({ client }: { client: Client }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2>Client Information</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ClientContactDetails client={client} showCompany />
        {isBlank(client) ? <p className="text-sm text-muted-foreground">No contact details yet.</p> : null}
      </CardContent>
    </Card>
  )
}

function ClientDetailWithContracts({ clientId, client, editButton }: { clientId: string; client: Client; editButton: ReactNode }) {
  const contracts = useClientContracts(clientId)
  const usage = useUsageReport(clientId)
  const [isLoggingHours, setIsLoggingHours] = useState(false)
  // A scheduler logs hours but does not create contracts (docs/product.md#teams).
  const canManageVenue = usePermission('manageVenue')
  const canBook = usePermission('book')
  // A client's statement is a report: an owner's or a manager's (src/shared/team/roles.ts).
  const canReadReports = usePermission('readReports')
  const hasContracts = Boolean(contracts.data?.length)

  const failure = contracts.error ?? usage.error
  useQueryErrorToast({ isError: failure !== null, error: failure }, 'Failed to load contracts')

  const newContractLink = canManageVenue ? (
    <Button asChild variant="outline">
      <Link to="/contracts" state={{ newContractForClientId: clientId } satisfies ContractsPageState}>
        <Plus aria-hidden="true" />
        New Contract
      </Link>
    </Button>
  ) : null

  return (
    <>
      <PageHeader
        title={client.name}
        actions={
          <>
            <CalendarFeedButton scope="client" targetId={clientId} targetName={client.name} />
            {editButton}
            {canReadReports ? (
              <Button asChild variant="outline">
                <Link to={statementPath(clientId)}>
                  <ScrollText aria-hidden="true" />
                  Statement
                </Link>
              </Button>
            ) : null}
            {newContractLink}
            {canBook ? (
              <Button onClick={() => setIsLoggingHours(true)}>
                <Clock aria-hidden="true" />
                Log Hours
              </Button>
            ) : null}
          </>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:items-start">
        <ClientInformation client={client} />
        <Tabs defaultValue="contracts" className="min-w-0">
          <TabsList>
            <TabsTrigger value="contracts">Contracts</TabsTrigger>
            <TabsTrigger value="usage">Usage Report</TabsTrigger>
          </TabsList>
          <TabsContent value="contracts" className="pt-2">
            {contracts.isPending ? (
              <LoadingList />
            ) : hasContracts ? (
              <ul className="grid gap-3 xl:grid-cols-2" aria-label={`Contracts of ${client.name}`}>
                {contracts.data!.map((contract) => (
                  <li key={contract.id} className="grid">
                    <ContractCard contract={contract} />
                  </li>
                ))}
              </ul>
            ) : contracts.isSuccess ? (
              <EmptyState
                icon={FileText}
                title="No contracts yet"
                description={
                  canManageVenue ? "Create a contract to track this client's hours." : 'An owner or a manager creates contracts.'
                }
                action={newContractLink}
              />
            ) : null}
          </TabsContent>
          <TabsContent value="usage" className="pt-2">
            {usage.isPending ? <LoadingList /> : usage.data ? <UsageReport report={usage.data} /> : null}
          </TabsContent>
        </Tabs>
      </div>
      <LogHoursDialog
        open={canBook && isLoggingHours}
        onOpenChange={setIsLoggingHours}
        clientName={client.name}
        contracts={contracts.data ?? []}
      />
    </>
  )
}

function isBlank(client: Client): boolean {
  return ![
    client.company,
    client.email,
    client.phone,
    client.secondaryPhone,
    client.address,
    client.city,
    client.provinceState,
    client.postalCode,
    client.country,
    client.website,
    client.notes,
  ].some(Boolean)
}
