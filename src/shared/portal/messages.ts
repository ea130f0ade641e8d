// The texts of the renters' portal users see (docs/product.md#renters).
export const PORTAL_MESSAGES = {
  noAccess: 'This account has no portal access',
  // The client page's section, its button and what they answer.
  sectionTitle: 'Portal Access',
  inviteContact: 'Invite Contact',
  invitationSent: 'Invitation sent',
  invitationWithdrawn: 'Invitation withdrawn',
  removeAccess: 'Remove Access',
  removeAccessConfirm: 'Remove Access?',
  accessRemoved: 'Access removed',
  alreadyRenter: 'This contact already has portal access',
  // The invitation link, on /auth.
  invitationGone: 'This invitation has expired or was already used',
  wrongEmail: 'This invitation is for another email address. Sign in with that address to accept it.',
  // The portal's own pages.
  bookingsTitle: 'My Bookings',
  hoursTitle: 'My Hours',
  invoicesTitle: 'My Invoices',
  copyFeedUrl: 'Copy Feed URL',
} as const
