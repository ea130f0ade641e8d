import { createContext, useContext, useState, type ReactNode } from 'react'
import type { CurrentUser } from '@web/features/auth'

export type RenterClient = CurrentUser['renterOf'][number]

type PortalClientValue = {
  /** Every client the account speaks for, by name. */
  clients: RenterClient[]
  /** The one the portal shows now. */
  client: RenterClient
  choose: (clientId: string) => void
}

const PortalClientContext = createContext<PortalClientValue | null>(null)

// The choice outlives the visit: a scheduler of two teams mostly looks after one of them.
const STORAGE_KEY = 'fieldhouse.portal.client'

function readStoredChoice(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY)
  } catch {
    return null
  }
}

/**
 * The client a renter speaking for several clients looks at: every page of the portal shows and
 * writes that client's data (docs/product.md#renters). `clients` is never empty.
 */
export function PortalClientProvider({ clients, children }: { clients: RenterClient[]; children: ReactNode }) {
  const [chosenId, setChosenId] = useState(readStoredChoice)
  // A client whose access was removed since is no choice any more: the first one stands in.
  const client = clients.find((candidate) => candidate.clientId === chosenId) ?? clients[0]!
  const choose = (clientId: string) => {
    setChosenId(clientId)
    try {
      localStorage.setItem(STORAGE_KEY, clientId)
    } catch {
      // Private browsing: the choice lasts for this page only.
    }
  }
  return <PortalClientContext.Provider value={{ clients, client, choose }}>{children}</PortalClientContext.Provider>
}

export function usePortalClient(): PortalClientValue {
  const value = useContext(PortalClientContext)
  if (!value) throw new Error('usePortalClient must be used within the portal layout')
  return value
}
