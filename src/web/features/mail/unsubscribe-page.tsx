import { useParams } from 'react-router'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card'
import { ApiError, errorDescription } from '@web/lib/api-client'
import { useUnsubscribe, useUnsubscribeInfo } from './api'

/**
 * /unsubscribe/:token, the link at the foot of every selloff email. Opening it changes nothing,
 * since mail scanners follow links: only the button's POST unsubscribes (docs/product.md#email).
 */
export function UnsubscribePage() {
  const { token = '' } = useParams()
  const info = useUnsubscribeInfo(token)
  const unsubscribe = useUnsubscribe(token)
  const isUnknown = info.error instanceof ApiError && info.error.status === 404
  const isDone = unsubscribe.isSuccess || info.data?.unsubscribed === true

  let description: string
  if (info.isPending) description = 'Loading…'
  else if (isUnknown) description = 'This unsubscribe link is not valid. Check that the whole address from the email was opened.'
  else if (info.isError) description = 'The page could not be loaded. Check your connection and try again.'
  else if (isDone) description = `You are unsubscribed. ${info.data!.organisationName} will not send you marketing emails again.`
  else description = `Stop receiving last-minute availability and other marketing emails from ${info.data!.organisationName}?`

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">Unsubscribe</h1>
          </CardTitle>
          <CardDescription role="status">{description}</CardDescription>
        </CardHeader>
        {info.isSuccess && !isDone ? (
          <CardContent className="grid gap-3">
            <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
              {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
            </Button>
            {unsubscribe.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {errorDescription(unsubscribe.error) ?? 'Something went wrong. Please try again.'}
              </p>
            ) : null}
            <p className="text-sm text-muted-foreground">Booking confirmations are not marketing: they still arrive.</p>
          </CardContent>
        ) : null}
      </Card>
    </main>
  )
}
