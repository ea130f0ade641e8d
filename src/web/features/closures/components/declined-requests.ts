// Both closure dialogs' toasts share it.

/** The toast's second line when the closure declined renters' pending requests under it (their renters are emailed). */
export function declinedRequestsDescription(declinedRequests: number): string | undefined {
  if (declinedRequests === 0) return undefined
  return `${declinedRequests} pending ${declinedRequests === 1 ? 'request' : 'requests'} declined: the space is closed at that time`
}
