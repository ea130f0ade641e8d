import { z } from 'zod'
import { LIMITS } from '@shared/limits'
import { requiredText } from '@shared/schema-fields'
import { ROLES } from './roles'

const role = z.enum(ROLES, { error: 'Choose a role' })

/** PATCH /api/organisation */
export const organisationInput = z.strictObject({
  name: requiredText(LIMITS.organisation.name, { label: 'Organisation name', required: 'Please enter a name' }),
})
export type OrganisationInput = z.input<typeof organisationInput>

/** POST /api/organisations/switch */
export const switchOrganisationInput = z.strictObject({ organisationId: z.uuid({ error: 'Choose an organisation' }) })

/** POST /api/team/invitations */
export const invitationInput = z.strictObject({
  email: z
    .string({ error: 'Please enter an email address' })
    .trim()
    .toLowerCase()
    .max(LIMITS.profile.email, `Email must be ${LIMITS.profile.email} characters or less`)
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  role,
})
export type InvitationInput = z.input<typeof invitationInput>

/** PATCH /api/team/members/:userId */
export const memberRoleInput = z.strictObject({ role })

/** POST /api/invitations/:token/sign-up: a new account for the invitation's own email. */
export const invitationSignUpInput = z.strictObject({
  fullName: requiredText(LIMITS.profile.fullName, { label: 'Full name', required: 'Please enter your full name' }),
  password: z
    .string({ error: 'Please enter a password' })
    .min(LIMITS.password.minLength, `Password must be at least ${LIMITS.password.minLength} characters`)
    .max(LIMITS.password.maxLength, `Password must be ${LIMITS.password.maxLength} characters or less`),
})
export type InvitationSignUpInput = z.input<typeof invitationSignUpInput>
