// The texts of teams and invitations users see (docs/product.md#teams).
export const TEAM_MESSAGES = {
  forbidden: "Your role doesn't allow this",
  invitationGone: 'This invitation has expired or was already used',
  invitationCreated: 'Invitation link created',
  wrongEmail: 'This invitation is for another email address. Sign in with that address to accept it.',
  lastOwner: 'An organisation always keeps at least one Owner',
  notAMember: 'You are not a member of that organisation',
  alreadyMember: 'This person is already a member',
  roleAboveInviter: 'You cannot invite someone to a role above your own',
  invitationWithdrawn: 'Invitation withdrawn',
  noOrganisation: 'You are not a member of any organisation',
} as const
