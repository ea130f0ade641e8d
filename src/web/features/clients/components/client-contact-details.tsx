import type { ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { Building, Globe, Mail, MapPin, Phone, StickyNote } from 'lucide-react'
import type { Client } from '../api'

/** The address as one line (address, city, province/state, postal code, country), skipping blanks. */
export function joinAddress(client: Pick<Client, 'address' | 'city' | 'provinceState' | 'postalCode' | 'country'>): string {
  return [client.address, client.city, client.provinceState, client.postalCode, client.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ')
}

// A tel: URI holds digits and '+' only (RFC 3966), and an extension such as 'ext. 12' becomes ';ext=12'.
export function telHref(phone: string): string {
  const [number = '', extension] = phone.split(/\s*(?:ext\.?|x)\s*/i)
  const digits = (value: string) => value.replace(/[^\d+]/g, '')
  return `tel:${digits(number)}${extension ? `;ext=${digits(extension)}` : ''}`
}

const linkClass = 'wrap-anywhere text-primary underline-offset-4 hover:underline'

/** The client's contact links, address, website and notes; lines without a value are left out. */
export function ClientContactDetails({ client, showCompany = false }: { client: Client; showCompany?: boolean }) {
  const address = joinAddress(client)
  return (
    <dl className="grid gap-2 text-sm">
      {showCompany && client.company ? (
        <Detail icon={Building} label="Company">
          {client.company}
        </Detail>
      ) : null}
      {client.email ? (
        <Detail icon={Mail} label="Email">
          <a href={`mailto:${client.email}`} className={linkClass}>
            {client.email}
          </a>
          {/* What mail the address gets (docs/product.md#email): confirmations can be off, marketing unsubscribed. */}
          {!client.emailConfirmations || client.marketingUnsubscribedAt ? (
            <span className="block text-muted-foreground">
              {[
                client.emailConfirmations ? null : 'No booking confirmations',
                client.marketingUnsubscribedAt ? 'Unsubscribed from marketing' : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          ) : null}
        </Detail>
      ) : null}
      {client.phone ? (
        <Detail icon={Phone} label="Phone">
          <a href={telHref(client.phone)} className={linkClass}>
            {client.phone}
          </a>
        </Detail>
      ) : null}
      {client.secondaryPhone ? (
        <Detail icon={Phone} label="Secondary phone">
          <a href={telHref(client.secondaryPhone)} className={linkClass}>
            {client.secondaryPhone}
          </a>
        </Detail>
      ) : null}
      {address ? (
        <Detail icon={MapPin} label="Address">
          {address}
        </Detail>
      ) : null}
      {client.website ? (
        <Detail icon={Globe} label="Website">
          <a href={client.website} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {client.website}
          </a>
        </Detail>
      ) : null}
      {client.notes ? (
        <Detail icon={StickyNote} label="Notes">
          <span className="whitespace-pre-line">{client.notes}</span>
        </Detail>
      ) : null}
    </dl>
  )
}

function Detail({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="mt-0.5 shrink-0 text-muted-foreground">
        <Icon className="size-4" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  )
}
