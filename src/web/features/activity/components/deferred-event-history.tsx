import type { ComponentProps } from 'react'
import { usePermission } from '@web/features/auth'
import { deferred, useDeferred } from '@web/lib/deferred'
import type { EventHistory as LoadedEventHistory } from './event-history'

// The event sheet's 'History' loads its own code, the sentences and their formats included, only
// for who may read the trail (Owners and Managers) and only once the sheet shows it, so neither
// the events page nor the sheet grows for everyone else (docs/benchmarks.md).
const eventHistory = deferred(() => import('./event-history').then((module) => module.EventHistory))

const stayOpen = () => undefined

export function EventHistory(props: ComponentProps<typeof LoadedEventHistory>) {
  const canReadActivity = usePermission('readActivity')
  const Loaded = useDeferred(eventHistory, { isOpen: canReadActivity, shouldPrefetch: false, close: stayOpen })
  return canReadActivity && Loaded ? <Loaded {...props} /> : null
}
