// The import part of npm run bench (docs/benchmarks.md, 'Import'), PostgreSQL only: 'Import Clients'
// of a 10,000-row file, each run into a fresh organisation of its own, so every row is created
// (none is matched and skipped) and the matching reads a client list as empty as a new venue's.
import pg from 'pg'

export const IMPORT_ROWS = 10_000

/** A 10,000-row file with every column the clients export writes, as a league's list would be. */
export function importFile(rows = IMPORT_ROWS): string {
  const header =
    'Name,Email,Phone,Secondary phone,Company,Address,City,Province/State,Postal code,Country,Website,Notes,Email confirmations'
  const lines = Array.from({ length: rows }, (_, index) => {
    const n = String(index + 1).padStart(5, '0')
    return [
      `Bench Club ${n}`,
      `club${n}@import.bench`,
      `416-555-${n.slice(1)}`,
      '',
      `"Bench League, Division ${index % 12}"`,
      `${index + 1} Main Street`,
      'Toronto',
      'ON',
      'M5V 2T6',
      'Canada',
      `club${n}.example.com`,
      '"Practices on Tuesdays; ""A"" team first"',
      index % 10 === 0 ? 'No' : 'Yes',
    ].join(',')
  })
  return [header, ...lines].join('\r\n')
}

/** A new organisation owned by the bench owner, with nothing in it. */
export async function createImportOrganisation(databaseUrl: string, ownerEmail: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const organisation = await client.query<{ id: string }>(`insert into organisations (name) values ($1) returning id`, [name])
    const organisationId = organisation.rows[0]!.id
    await client.query(`insert into memberships (organisation_id, user_id, role) select $1, id, 'owner' from users where email = $2`, [
      organisationId,
      ownerEmail,
    ])
    return organisationId
  } finally {
    await client.end()
  }
}

export type ImportRun = { status: number; imported: number; seconds: number }

/** POST /api/clients/import of the file, timed from the request to the answer's last byte. */
export async function timeImport(origin: string, headers: Record<string, string>, csv: string): Promise<ImportRun> {
  const body = JSON.stringify({ csv })
  const started = performance.now()
  const response = await fetch(`${origin}/api/clients/import`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body,
  })
  const text = await response.text()
  const seconds = (performance.now() - started) / 1000
  const imported = response.ok ? ((JSON.parse(text) as { imported: number }).imported ?? 0) : 0
  if (!response.ok) console.error(`import: ${response.status} ${text.slice(0, 300)}`)
  return { status: response.status, imported, seconds }
}
