import { useEffect, useRef } from 'react'
import { PartyPopper, X } from 'lucide-react'
import { PRODUCT_NAME } from '@shared/product'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card'
import { countOf } from '@web/lib/count'
import type { SetupProgress } from '../api'
import { BoardLink } from './board-link'

/** The finished run, shown on /facilities: what was set up and straight links to its boards. */
export function SetupComplete({ progress, onDismiss }: { progress: SetupProgress; onDismiss: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const boards = progress.displays.filter(({ rooms }) => rooms.length > 0)

  useEffect(() => heading.current?.focus(), [])

  return (
    <Card className="mb-6">
      <CardHeader className="px-4 sm:px-6">
        <PartyPopper className="mb-2 size-8 text-primary" aria-hidden="true" />
        <CardTitle asChild>
          <h2 ref={heading} tabIndex={-1} className="text-2xl outline-none">
            Setup complete! Welcome to {PRODUCT_NAME}
          </h2>
        </CardTitle>
        <CardDescription>
          {progress.facility.name} is ready with {countOf(progress.spaces.length, 'space')}. Add events from the facility page.
        </CardDescription>
      </CardHeader>
      {boards.length ? (
        <CardContent className="grid gap-2 px-4 sm:px-6">
          <h3 className="font-medium">Your lobby boards</h3>
          <p className="text-sm text-muted-foreground">Open a board on the lobby screen&apos;s browser; it keeps itself up to date.</p>
          <ul className="grid gap-2">
            {boards.map((display) => (
              <li key={display.id} className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-md border px-3 py-2">
                <span className="font-medium break-words">{display.name}</span>
                <BoardLink slug={display.slug} />
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
      <CardFooter className="border-t px-4 sm:px-6">
        <Button variant="outline" onClick={onDismiss}>
          <X aria-hidden="true" />
          Dismiss
        </Button>
      </CardFooter>
    </Card>
  )
}
