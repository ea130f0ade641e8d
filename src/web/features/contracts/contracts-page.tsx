import { useEffect, useState } from 'react'
import { ArrowRight, FileText, Lock, Pencil, Plus, Trash2 } from 'lucide-react'
import { Link, useLocation, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { EmptyState } from '@web/components/empty-state'
import { LoadingScreen } from '@web/components/loading-screen'
import { PageHeader } from '@web/components/page-header'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion'
import { Button } from '@web/components/ui/button'
import { usePermission } from '@web/features/auth'
import { useClients } from '@web/features/clients'
import { errorDescription } from '@web/lib/api-client'
import { useQueryErrorToast } from '@web/lib/use-query-error-toast'
import { useContractGroups, useDeleteContract, type Contract, type ContractGroup } from './api'
import { ContractCard } from './components/contract-card'
import { ContractFormDialog } from './components/deferred-contract-form-dialog'
import { formatHundredths, shortContractId, sumHours } from './hours'

/** Where the client page's 'New Contract' asks for a contract of that client. */
export type ContractsPageState = { newContractForClientId?: string }

type Editing = { contract: Contract | null; initialClientId?: string }

const PAGE_DESCRIPTION = 'Hours bought by each client, and how many are used'

// Contracts are the business's: the front desk does not read them (docs/product.md#teams), so the
// page asks for nothing and says so.
export function ContractsPage() {
  const canReadBusiness = usePermission('readBusiness')
  if (canReadBusiness) return <ContractGroups />
  return (
    <div>
      <PageHeader title="Contracts" description={PAGE_DESCRIPTION} />
      <EmptyState icon={Lock} title="Not available for your role" description="An owner, a manager or a scheduler reads the contracts." />
    </div>
  )
}

function ContractGroups() {
  const groups = useContractGroups()
  const clients = useClients()
  const deleteContract = useDeleteContract()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [pendingDeletion, setPendingDeletion] = useState<Contract | null>(null)
  const [collapsedClientIds, setCollapsedClientIds] = useState<string[]>([])
  // A scheduler reads the contracts; only an owner or a manager creates, edits or deletes them.
  const canManageVenue = usePermission('manageVenue')
  useNewContractRequest(setEditing, canManageVenue)

  useQueryErrorToast(groups, 'Failed to load contracts')
  useQueryErrorToast(clients, 'Failed to load clients')

  const confirmDeletion = () => {
    if (!pendingDeletion) return
    deleteContract.mutate(pendingDeletion.id, {
      onSuccess: () => {
        toast.success('Contract deleted successfully')
        setPendingDeletion(null)
      },
      onError: (error) => toast.error('Failed to delete contract', { description: errorDescription(error) }),
    })
  }

  if (groups.isPending) return <LoadingScreen />

  const newContractButton = canManageVenue ? (
    <Button onClick={() => setEditing({ contract: null })}>
      <Plus aria-hidden="true" />
      New Contract
    </Button>
  ) : null
  const data = groups.data ?? []
  // Every group is open unless the operator closed it, so a newly added client's group shows open.
  const openClientIds = data.map((group) => group.client.id).filter((id) => !collapsedClientIds.includes(id))

  return (
    <div>
      <PageHeader title="Contracts" description={PAGE_DESCRIPTION} actions={newContractButton} />
      {data.length ? (
        <section aria-labelledby="contract-groups-heading">
          <h2 id="contract-groups-heading" className="sr-only">
            Contracts by client
          </h2>
          <Accordion
            type="multiple"
            value={openClientIds}
            onValueChange={(open) => setCollapsedClientIds(data.map((group) => group.client.id).filter((id) => !open.includes(id)))}
            className="rounded-lg border px-4"
          >
            {data.map((group) => (
              <ClientGroup
                key={group.client.id}
                group={group}
                onEdit={canManageVenue ? (contract) => setEditing({ contract }) : undefined}
                onDelete={canManageVenue ? setPendingDeletion : undefined}
              />
            ))}
          </Accordion>
        </section>
      ) : groups.isSuccess ? (
        <EmptyState
          icon={FileText}
          title="No contracts yet"
          description="A contract holds the hours a client bought. Booked events and logged hours count against it."
          action={newContractButton}
        />
      ) : null}
      <ContractFormDialog
        open={canManageVenue && editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        clients={clients.data ?? []}
        contract={editing?.contract}
        initialClientId={editing?.initialClientId}
      />
      <ConfirmDialog
        open={canManageVenue && pendingDeletion !== null}
        onOpenChange={(open) => (open ? undefined : setPendingDeletion(null))}
        title="Delete Contract?"
        description={
          <p>
            “{pendingDeletion?.name}” (#{pendingDeletion ? shortContractId(pendingDeletion.id) : ''}) and its usage log will be permanently
            deleted. Events already booked stay on the schedule. This cannot be undone.
          </p>
        }
        isPending={deleteContract.isPending}
        onConfirm={confirmDeletion}
      />
    </div>
  )
}

type ClientGroupProps = {
  group: ContractGroup
  /** Edit and delete are left out for a member who may not change contracts. */
  onEdit?: (contract: Contract) => void
  onDelete?: (contract: Contract) => void
}

function ClientGroup({ group, onEdit, onDelete }: ClientGroupProps) {
  const { client, contracts } = group
  const hours = sumHours(contracts)
  return (
    <AccordionItem value={client.id}>
      <AccordionTrigger>
        <span className="grid min-w-0 gap-1">
          <span className="text-base font-semibold break-words">{client.name}</span>
          <span className="flex flex-wrap gap-x-4 gap-y-1 font-normal text-muted-foreground">
            {/* The cards' own words and figures, added up (sumHours). */}
            <span>Bought: {formatHundredths(hours.total)} h</span>
            <span>Booked: {formatHundredths(hours.booked)} h</span>
            <span>Used: {formatHundredths(hours.used)} h</span>
            <span>Remaining: {formatHundredths(hours.remaining)} h</span>
            {hours.overdrawn > 0 ? (
              <span className="font-medium text-destructive">Overdrawn by {formatHundredths(hours.overdrawn)} h</span>
            ) : null}
          </span>
        </span>
      </AccordionTrigger>
      <AccordionContent className="grid gap-3">
        <Link
          to={`/clients/${client.id}`}
          className="inline-flex w-fit items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline"
        >
          Client details
          <span className="sr-only">: {client.name}</span>
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
        <ul className="grid gap-3 lg:grid-cols-2" aria-label={`Contracts of ${client.name}`}>
          {contracts.map((contract) => {
            const shortId = shortContractId(contract.id)
            return (
              <li key={contract.id} className="grid">
                <ContractCard
                  contract={contract}
                  headingLevel="h4"
                  actions={
                    onEdit || onDelete ? (
                      <>
                        {onEdit ? (
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Edit contract ${contract.name} (${shortId})`}
                            onClick={() => onEdit(contract)}
                          >
                            <Pencil aria-hidden="true" />
                          </Button>
                        ) : null}
                        {onDelete ? (
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Delete contract ${contract.name} (${shortId})`}
                            onClick={() => onDelete(contract)}
                          >
                            <Trash2 className="text-destructive" aria-hidden="true" />
                          </Button>
                        ) : null}
                      </>
                    ) : undefined
                  }
                />
              </li>
            )
          })}
        </ul>
      </AccordionContent>
    </AccordionItem>
  )
}

// The client page's 'New Contract' lands here with its client: the dialog opens for it once,
// and the request is cleared so that going back or reloading does not open it again.
function useNewContractRequest(setEditing: (editing: Editing) => void, canCreate: boolean) {
  const location = useLocation()
  const navigate = useNavigate()
  const clientId = (location.state as ContractsPageState | null)?.newContractForClientId

  useEffect(() => {
    if (!clientId) return
    if (canCreate) setEditing({ contract: null, initialClientId: clientId })
    navigate(location.pathname, { replace: true, state: null })
  }, [clientId, canCreate, location.pathname, navigate, setEditing])
}
