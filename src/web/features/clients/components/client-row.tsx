import type { ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { Eye, Globe, Mail, MapPin, Pencil, Phone, StickyNote, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@web/components/ui/button'
import type { Client } from '../api'
import { joinAddress, telHref } from './client-contact-details'

type ClientRowProps = {
  client: Client
  /** Edit and delete are left out for a member who may not change clients (docs/product.md#teams). */
  onEdit?: (client: Client) => void
  onDelete?: (client: Client) => void
}

// Four columns from md up (client, contact, details, actions), the same on the header and every
// row, so they line up: the actions column fits three icon buttons, or the one a reader gets.
// Below md the name keeps its buttons beside it and the lines stack under both.
const rowGrid = (canChange: boolean) =>
  canChange
    ? 'md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_7.5rem]'
    : 'md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_2.25rem]'

/** The column names above the rows; each row's lines carry their own labels for screen readers. */
export function ClientListHeader({ canChange }: { canChange: boolean }) {
  return (
    <div
      aria-hidden="true"
      className={`hidden gap-x-4 border-b px-4 py-2 text-xs font-medium tracking-wide text-muted-foreground uppercase md:grid ${rowGrid(canChange)}`}
    >
      <span>Client</span>
      <span>Contact</span>
      <span>Details</span>
    </div>
  )
}

/**
 * One client on one compact row. Every value stays on one line, cut short with an ellipsis: the
 * whole text is still in the page for screen readers, on hover (title), and on the client page.
 */
export function ClientRow({ client, onEdit, onDelete }: ClientRowProps) {
  const address = joinAddress(client)
  return (
    <div className={`grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3 ${rowGrid(Boolean(onEdit))}`}>
      <div className="min-w-0 md:col-start-1 md:row-start-1">
        <h2 className="truncate font-medium" title={client.name}>
          {client.name}
        </h2>
        {client.company ? (
          <p className="truncate text-sm text-muted-foreground" title={client.company}>
            <span className="sr-only">Company: </span>
            {client.company}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 justify-end gap-1 md:col-start-4 md:row-start-1">
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
      </div>
      <dl className="col-span-2 grid min-w-0 gap-0.5 text-sm empty:hidden md:col-span-1 md:col-start-2 md:row-start-1">
        {client.email ? (
          <Line icon={Mail} label="Email" text={client.email}>
            <a href={`mailto:${client.email}`} className={linkClass}>
              {client.email}
            </a>
          </Line>
        ) : null}
        {client.phone ? (
          <Line icon={Phone} label="Phone" text={client.phone}>
            <a href={telHref(client.phone)} className={linkClass}>
              {client.phone}
            </a>
          </Line>
        ) : null}
        {client.secondaryPhone ? (
          <Line icon={Phone} label="Secondary phone" text={client.secondaryPhone}>
            <a href={telHref(client.secondaryPhone)} className={linkClass}>
              {client.secondaryPhone}
            </a>
          </Line>
        ) : null}
      </dl>
      <dl className="col-span-2 grid min-w-0 gap-0.5 text-sm text-muted-foreground empty:hidden md:col-span-1 md:col-start-3 md:row-start-1">
        {address ? (
          <Line icon={MapPin} label="Address" text={address}>
            {address}
          </Line>
        ) : null}
        {client.website ? (
          <Line icon={Globe} label="Website" text={client.website}>
            <a href={client.website} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {client.website}
            </a>
          </Line>
        ) : null}
        {client.notes ? (
          <Line icon={StickyNote} label="Notes" text={client.notes}>
            {client.notes}
          </Line>
        ) : null}
      </dl>
    </div>
  )
}

const linkClass = 'text-primary underline-offset-4 hover:underline'

function Line({ icon: Icon, label, text, children }: { icon: LucideIcon; label: string; text: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <dt className="shrink-0 text-muted-foreground">
        <Icon className="size-3.5" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 truncate" title={text}>
        {children}
      </dd>
    </div>
  )
}
