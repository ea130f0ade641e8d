// The exports' column headers (docs/product.md#exports-and-statements). They are part of the
// product: spreadsheets and imports key on them, so a header is never renamed or moved; a new
// column goes at the end. 'Import Clients' accepts the clients export's headers, so an export
// re-imports.

/** GET /api/exports/events.csv: one row per booking, a booking split at midnight joined back. */
export const EVENT_EXPORT_HEADERS = [
  'Date',
  'Start',
  'End date',
  'End',
  'Time zone',
  'Facility',
  'Space',
  'Title',
  'Type',
  'Client',
  'Home team',
  'Away team',
  'Change room 1',
  'Change room 2',
  'Hours',
  'Event ID',
] as const

/** GET /api/exports/clients.csv */
export const CLIENT_EXPORT_HEADERS = [
  'Name',
  'Email',
  'Phone',
  'Secondary phone',
  'Company',
  'Address',
  'City',
  'Province/State',
  'Postal code',
  'Country',
  'Website',
  'Notes',
  'Email confirmations',
  'Created',
  'Client ID',
] as const

/** GET /api/exports/contracts.csv; 'Spaces' is where the contract applies, as the contract page says it. */
export const CONTRACT_EXPORT_HEADERS = [
  'Client',
  'Contract',
  'Start date',
  'End date',
  'Status',
  'Total hours',
  'Used hours',
  'Remaining hours',
  'Prepaid price',
  'Currency',
  'Spaces',
  'Client ID',
  'Contract ID',
] as const

/** GET /api/exports/usage.csv: the usage ledger, one row per usage line. */
export const USAGE_EXPORT_HEADERS = [
  'Date',
  'Client',
  'Contract',
  'Hours',
  'Description',
  'Event',
  'Space',
  'Facility',
  'Time zone',
  'Contract ID',
  'Event ID',
] as const

/** GET /api/clients/:id/statement.csv: the statement's lines, contract by contract. */
export const STATEMENT_EXPORT_HEADERS = [
  'Contract',
  'Date',
  'Kind',
  'Description',
  'Space',
  'Start',
  'End',
  'Time zone',
  'Hours',
  'Remaining hours',
] as const
