import { useEffect, useEffectEvent, useSyncExternalStore } from 'react'
import { toast } from 'sonner'

// A dialog's code, kept out of the page's chunk (docs/benchmarks.md): its form, react-hook-form
// and the shared zod schemas load once the page has painted and the browser is idle, or at once
// when the dialog opens first. Loaded, it renders like any component, without suspending.
export type Deferred<T> = {
  load: () => Promise<T>
  /** What was loaded, or undefined until then. */
  current: () => T | undefined
  subscribe: (listener: () => void) => () => void
}

export function deferred<T>(importer: () => Promise<T>): Deferred<T> {
  let loaded: T | undefined
  let loading: Promise<T> | null = null
  const listeners = new Set<() => void>()
  return {
    load: () =>
      (loading ??= importer().then(
        (value) => {
          loaded = value
          for (const listener of listeners) listener()
          return value
        },
        (error: unknown) => {
          // A failed load (a new deploy, the network) is tried again next time.
          loading = null
          throw error
        },
      )),
    current: () => loaded,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

type DeferredOptions = {
  /** Open now: load at once. */
  isOpen: boolean
  /** Whether it may open on this page at all, so worth fetching ahead (the role may not allow it). */
  shouldPrefetch: boolean
  /** Closes it when its code cannot be loaded, so the next click tries again. */
  close: () => void
}

/** The deferred code once loaded; until then the caller renders nothing, as a closed dialog does. */
export function useDeferred<T>(code: Deferred<T>, { isOpen, shouldPrefetch, close }: DeferredOptions): T | undefined {
  const loaded = useSyncExternalStore(code.subscribe, code.current, code.current)
  const failed = useEffectEvent((error: unknown) => {
    console.error('A dialog failed to load', error)
    toast.error('Failed to open', { description: 'Check your connection and try again.' })
    close()
  })

  useEffect(() => {
    if (loaded !== undefined) return
    if (isOpen) {
      let isCurrent = true
      code.load().catch((error: unknown) => (isCurrent ? failed(error) : undefined))
      return () => {
        isCurrent = false
      }
    }
    // Prefetched after the page has rendered, so that a click opens it without waiting; a failure
    // here is silent and the opening tries again.
    if (shouldPrefetch) return whenIdle(() => void code.load().catch(() => undefined))
  }, [code, loaded, isOpen, shouldPrefetch])

  return loaded
}

function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 200)
  return () => clearTimeout(id)
}
