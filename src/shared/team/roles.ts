// Who may do what in an organisation (docs/product.md#teams). The server checks these on every
// route; the web app reads the same table only to hide what a member cannot do.

export const ROLES = ['owner', 'manager', 'scheduler', 'front_desk'] as const
export type Role = (typeof ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  scheduler: 'Scheduler',
  front_desk: 'Front Desk',
}

/**
 * - read: calendars, events, facilities and spaces, clients and screens;
 * - readBusiness: contracts, usage and marketing (not the front desk);
 * - book: create, edit and delete events, and log usage;
 * - manageVenue: facilities, spaces, screens, clients, contracts and the setup wizard;
 * - readActivity: the activity trail;
 * - manageTeam: members, roles, invitations, and renaming or deleting the organisation.
 * - readMail: the organisation's outgoing mail (the Mail page);
 * - sendMarketing: send the selloff email to clients.
 * - readPrices: the spaces' and clients' rates and the billing settings (not the front desk);
 * - bill: invoices, payments, accounts receivable and the billing settings (ADR 0061).
 * - readReports: the Reports page, the CSV exports and client statements.
 */
export const PERMISSIONS = {
  read: ['owner', 'manager', 'scheduler', 'front_desk'],
  readBusiness: ['owner', 'manager', 'scheduler'],
  book: ['owner', 'manager', 'scheduler'],
  manageVenue: ['owner', 'manager'],
  readActivity: ['owner', 'manager'],
  manageTeam: ['owner'],
  readMail: ['owner', 'manager'],
  sendMarketing: ['owner', 'manager', 'scheduler'],
  readPrices: ['owner', 'manager', 'scheduler'],
  bill: ['owner', 'manager'],
  readReports: ['owner', 'manager'],
} as const satisfies Record<string, readonly Role[]>

export type Permission = keyof typeof PERMISSIONS

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly Role[]).includes(role)
}

/**
 * The roles an inviter may grant: their own and those below it (ROLES is highest first). Who may
 * invite at all is the manageTeam permission; the database holds both
 * (src/server/modules/team/sql/role_may_invite.sql, role_rank.sql).
 */
export function grantableRoles(inviter: Role | null | undefined): readonly Role[] {
  if (!can(inviter, 'manageTeam')) return []
  return ROLES.slice(ROLES.indexOf(inviter!))
}

/**
 * Whether a member of `role` is the organisation's sole Owner among `members`: the one member who
 * may not leave, since an organisation always keeps at least one Owner (the database holds it).
 */
export function isSoleOwner(role: Role | null | undefined, members: readonly { role: Role }[]): boolean {
  return role === 'owner' && members.filter((member) => member.role === 'owner').length <= 1
}
