// What the rest of the app uses of teams; everything else here is the feature's own (ADR 0019).
export { OrganisationSwitcher } from './organisation-switcher'
export { useMembers, useOrganisations } from './api'
