import { useId, useState, type ChangeEvent } from 'react'
import { toast } from 'sonner'
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@shared/clients/import'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { errorDescription } from '@web/lib/api-client'
import { countOf } from '@web/lib/count'
import { useImportClients, usePreviewImport, type ImportPreview, type ImportPreviewRow } from '../import-api'

export type ImportClientsDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
}

// A file of thousands of rows is summed up above the table; the table shows the rows with errors
// first, and this many rows in all.
const SHOWN_ROWS = 500

type Chosen = { name: string; csv: string; preview: ImportPreview }

/**
 * 'Import Clients' (docs/product.md#importing-clients): a CSV file is read here as text and sent
 * whole; the server reads it (csv-parse) and answers what each row would do. Importing is allowed
 * only when no row has an error, and creates every new row or none.
 */
export function ImportClientsDialog({ open, onOpenChange }: ImportClientsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] grid-rows-[auto_minmax(0,1fr)_auto] sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import Clients</DialogTitle>
          <DialogDescription>
            Choose a CSV file whose first row names the columns. Name is required; Email, Phone, Company, Address, City, Province/State,
            Postal code, Country, Website and Notes are read when present, as the clients export writes them.
          </DialogDescription>
        </DialogHeader>
        <ImportForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function ImportForm({ onDone }: { onDone: () => void }) {
  const fileId = useId()
  const problemId = useId()
  const preview = usePreviewImport()
  const importClients = useImportClients()
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    setChosen(null)
    setProblem(null)
    if (!file) return
    if (file.size > IMPORT_LIMITS.maxBytes) {
      setProblem(IMPORT_MESSAGES.tooLarge)
      return
    }
    const csv = await file.text()
    preview.mutate(csv, {
      onSuccess: (result) => setChosen({ name: file.name, csv, preview: result }),
      onError: (error) => setProblem(error.message),
    })
  }

  const summary = chosen?.preview.summary
  const toCreate = summary ? summary.valid - summary.matched : 0
  const canImport = summary !== undefined && summary.invalid === 0 && toCreate > 0 && !importClients.isPending

  const onImport = () => {
    if (!chosen) return
    setProblem(null)
    importClients.mutate(chosen.csv, {
      onSuccess: ({ imported }) => {
        toast.success(`Imported ${imported} client(s)`)
        onDone()
      },
      onError: (error) => setProblem(errorDescription(error) ?? error.message),
    })
  }

  return (
    <>
      <div className="grid min-h-0 gap-4 overflow-y-auto">
        <div className="grid gap-2">
          <Label htmlFor={fileId}>CSV file</Label>
          <Input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void onFile(event)}
            // Emptied on each choosing, so the same file chosen again once it is fixed is read again.
            onClick={(event) => {
              event.currentTarget.value = ''
            }}
            aria-describedby={problem ? problemId : undefined}
            aria-invalid={problem ? true : undefined}
          />
        </div>
        {preview.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Reading the file…
          </p>
        ) : null}
        {problem ? (
          <p id={problemId} role="alert" className="text-sm break-words text-destructive">
            {problem}
          </p>
        ) : null}
        {chosen ? <PreviewTable chosen={chosen} toCreate={toCreate} /> : null}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={onImport} disabled={!canImport} aria-busy={importClients.isPending || undefined}>
          {`Import ${toCreate} Client(s)`}
        </Button>
      </DialogFooter>
    </>
  )
}

function PreviewTable({ chosen: { name, preview }, toCreate }: { chosen: Chosen; toCreate: number }) {
  const { summary, rows, ignoredColumns } = preview
  const ordered = [...rows.filter((row) => row.errors.length > 0), ...rows.filter((row) => row.errors.length === 0)]
  const shown = ordered.slice(0, SHOWN_ROWS)
  return (
    <div className="grid gap-3">
      {/* Announced when a file has been read, so a screen reader hears what it holds. */}
      <p role="status" className="text-sm">
        {`${name}: ${countOf(summary.total, 'row')}. ${toCreate} new, ${summary.matched} already a client, ${countOf(summary.invalid, 'row')} with errors.`}
        {summary.invalid > 0 ? ' Fix the rows with errors in the file and choose it again.' : ''}
      </p>
      {ignoredColumns.length > 0 ? (
        <p className="text-sm text-muted-foreground">Columns not imported: {ignoredColumns.join(', ')}</p>
      ) : null}
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The rows of {name}</caption>
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Line
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Email
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {shown.map((row) => (
              <PreviewRow key={row.line} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      {ordered.length > shown.length ? (
        <p className="text-sm text-muted-foreground">
          Showing {shown.length} of {countOf(ordered.length, 'row')}, rows with errors first.
        </p>
      ) : null}
    </div>
  )
}

function PreviewRow({ row }: { row: ImportPreviewRow }) {
  return (
    <tr className="align-top">
      <td className="px-3 py-2 tabular-nums">{row.line}</td>
      <td className="max-w-48 px-3 py-2 break-words">{row.values.name}</td>
      <td className="max-w-56 px-3 py-2 break-all">{row.values.email}</td>
      <td className="px-3 py-2">
        {row.errors.length > 0 ? (
          <ul className="grid gap-1 text-destructive">
            {row.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : row.match ? (
          <Badge variant="secondary" className="whitespace-normal">
            Already a client (will be skipped)
          </Badge>
        ) : (
          <Badge variant="outline">New</Badge>
        )}
      </td>
    </tr>
  )
}
