import { z } from 'zod'
import { LIMITS } from '@shared/limits'
import { optionalText, requiredText, tooLongMessage } from '@shared/schema-fields'

const max = LIMITS.client

const optionalEmail = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null)
  .pipe(z.email({ error: 'Please enter a valid email address' }).max(max.email, tooLongMessage('Email', max.email)).nullable())

const optionalWebsite = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? withScheme(value) : null))
  .pipe(
    z
      .string()
      .max(max.website, tooLongMessage('Website', max.website))
      .refine(isWebAddress, 'Please enter a valid website address')
      .nullable(),
  )

export const clientInput = z.object({
  name: requiredText(max.name, { label: 'Name', required: 'Please enter a client name' }),
  email: optionalEmail,
  phone: optionalText(max.phone, 'Phone'),
  secondaryPhone: optionalText(max.secondaryPhone, 'Secondary phone'),
  company: optionalText(max.company, 'Company'),
  address: optionalText(max.address, 'Address'),
  city: optionalText(max.city, 'City'),
  provinceState: optionalText(max.provinceState, 'Province/State'),
  postalCode: optionalText(max.postalCode, 'Postal code'),
  country: optionalText(max.country, 'Country'),
  website: optionalWebsite,
  notes: optionalText(max.notes, 'Notes', { multiline: true }),
  /** 'Email booking confirmations' (docs/product.md#email): on unless the operator turns it off. */
  emailConfirmations: z.boolean({ error: 'Please choose whether to email booking confirmations' }).default(true),
})
export type ClientFormValues = z.input<typeof clientInput>
export type ClientInput = z.output<typeof clientInput>

/** 'example.com' becomes 'https://example.com'; an address with http or https keeps it (docs/product.md#clients-and-contracts). */
function withScheme(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`
}

// The website is rendered as a link, so anything but a plain http(s) address to a named host
// is refused: 'javascript:alert(1)' becomes 'https://javascript:alert(1)', which has no valid port.
function isWebAddress(website: string): boolean {
  if (!URL.canParse(website)) return false
  const url = new URL(website)
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && url.hostname.includes('.')
}
