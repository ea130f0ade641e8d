import { Eye, Pencil, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@web/components/ui/button'
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card'
import type { Client } from '../api'
import { ClientContactDetails } from './client-contact-details'

type ClientCardProps = {
  client: Client
  /** Edit and delete are left out for a member who may not change clients (docs/product.md#teams). */
  onEdit?: (client: Client) => void
  onDelete?: (client: Client) => void
}

export function ClientCard({ client, onEdit, onDelete }: ClientCardProps) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg break-words">{client.name}</h2>
        </CardTitle>
        {client.company ? <CardDescription className="break-words">{client.company}</CardDescription> : null}
        <CardAction className="flex gap-1">
          <Button asChild variant="ghost" size="icon">
            <Link to={`/clients/${client.id}`} aria-label={`View details of ${client.name}`}>
              <Eye aria-hidden="true" />
            </Link>
          </Button>
          {onEdit ? (
            <Button variant="ghost" size="icon" aria-label={`Edit ${client.name}`} onClick={() => onEdit(client)}>
              <Pencil aria-hidden="true" />
            </Button>
          ) : null}
          {onDelete ? (
            <Button variant="ghost" size="icon" aria-label={`Delete ${client.name}`} onClick={() => onDelete(client)}>
              <Trash2 className="text-destructive" aria-hidden="true" />
            </Button>
          ) : null}
        </CardAction>
      </CardHeader>
      <CardContent>
        <ClientContactDetails client={client} />
      </CardContent>
    </Card>
  )
}
