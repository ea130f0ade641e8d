import { Copy, ExternalLink, MapPin, Monitor, Pencil, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card'
import type { Screen } from '../api'

type ScreenCardProps = {
  screen: Screen
  /** Edit and delete are left out for a member who may not change screens (docs/product.md#teams). */
  onEdit?: (screen: Screen) => void
  onDelete?: (screen: Screen) => void
}

export function ScreenCard({ screen, onEdit, onDelete }: ScreenCardProps) {
  const path = `/display/${screen.slug}`

  const copyUrl = async () => {
    const url = `${window.location.origin}${path}`
    try {
      // navigator.clipboard is missing outside a secure context (plain http on a LAN address).
      await navigator.clipboard.writeText(url)
      toast.success('Screen URL copied to clipboard!')
    } catch {
      toast.error('Could not copy the address', { description: url })
    }
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg break-words">{screen.name}</h2>
        </CardTitle>
        {screen.location || screen.size ? (
          <CardDescription className="flex flex-wrap gap-x-4 gap-y-1">
            {screen.location ? (
              <span className="flex items-start gap-1.5">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span className="sr-only">Location: </span>
                <span className="break-words">{screen.location}</span>
              </span>
            ) : null}
            {screen.size ? (
              <span className="flex items-start gap-1.5">
                <Monitor className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span className="sr-only">Size: </span>
                <span className="break-words">{screen.size}</span>
              </span>
            ) : null}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <p className="text-sm">
          <span className="sr-only">Address: </span>
          <code className="rounded bg-muted px-1.5 py-0.5 text-sm break-all">{path}</code>
        </p>
        <ul className="flex flex-wrap gap-1.5" aria-label={`Rooms shown on ${screen.name}`}>
          {screen.rooms.map((room) => (
            <li key={room.roomId} className="flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs">
              <span className="size-2.5 shrink-0 rounded-full border" style={{ backgroundColor: room.color }} aria-hidden="true" />
              {room.name}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={copyUrl} aria-label={`Copy URL of ${screen.name}`}>
          <Copy aria-hidden="true" />
          Copy URL
        </Button>
        <Button variant="outline" size="sm" asChild>
          <a href={path} target="_blank" rel="noopener noreferrer" aria-label={`Open ${screen.name} in a new tab`}>
            <ExternalLink aria-hidden="true" />
            Open
          </a>
        </Button>
        {onEdit ? (
          <Button variant="outline" size="sm" onClick={() => onEdit(screen)} aria-label={`Edit ${screen.name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        ) : null}
        {onDelete ? (
          <Button
            variant="outline"
            size="icon"
            className="ml-auto size-8"
            aria-label={`Delete ${screen.name}`}
            onClick={() => onDelete(screen)}
          >
            <Trash2 className="text-destructive" aria-hidden="true" />
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  )
}
