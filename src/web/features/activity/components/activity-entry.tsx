import { useEffect, useState } from 'react'
import { Ban, Check, Clock, FileCheck, Hand, Mail, Pencil, Plus, Send, Trash2, Undo2, X, type LucideIcon } from 'lucide-react'
import type { ActivityAction } from '@shared/activity/schema'
import { browserTimeZone, formatDateTime, formatTimeAgo } from '@web/lib/datetime'
import { cn } from '@web/lib/utils'
import type { ActivityEntry } from '../api'
import { describeActivity, describeChanges, type ChangeLine } from '../sentence'

const ACTION_ICONS: Record<ActivityAction, LucideIcon> = {
  created: Plus,
  updated: Pencil,
  deleted: Trash2,
  sent: Mail,
  issued: FileCheck,
  voided: Ban,
  requested: Send,
  approved: Check,
  declined: X,
  expired: Clock,
  withdrawn: Undo2,
  released: Undo2,
  claimed: Hand,
}

// How long an entry's time reads as "3 days ago" before it turns into its date.
const RELATIVE_FOR_MS = 7 * 24 * 60 * 60 * 1000

/** The current time, a minute at a time, so that "just now" moves on while the page stays open. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

type ActivityEntryItemProps = {
  entry: ActivityEntry
  now: number
  /** The sheet's narrow column gives the details less room. */
  compact?: boolean
}

/** One entry of the trail: its sentence, when it happened, and what changed, field by field. */
export function ActivityEntryItem({ entry, now, compact = false }: ActivityEntryItemProps) {
  const Icon = ACTION_ICONS[entry.action]
  const timeZone = entry.timeZone ?? browserTimeZone()
  const exact = formatDateTime(entry.at, timeZone)
  const isRecent = now - new Date(entry.at).getTime() < RELATIVE_FOR_MS
  const changes = describeChanges(entry)

  return (
    // Focusable from script only: the page moves the focus to the first entry a 'Load more' brought.
    <li
      tabIndex={-1}
      className={cn('flex min-w-0 gap-3 outline-hidden focus-visible:ring-2 focus-visible:ring-ring', compact ? 'py-3' : 'p-3 sm:p-4')}
    >
      <span
        className={cn(
          'mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full border',
          entry.action === 'deleted' ? 'bg-destructive/10 text-destructive' : 'bg-muted text-muted-foreground',
        )}
        aria-hidden="true"
      >
        <Icon className="size-3.5" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="text-sm break-words">{describeActivity(entry)}</p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={entry.at} title={exact}>
            {isRecent ? formatTimeAgo(entry.at, now) : exact}
          </time>
        </p>
        {changes.length ? <ChangeDetails action={entry.action} changes={changes} /> : null}
      </div>
    </li>
  )
}

/** Each changed field before → after; a creation lists only what the thing got, a deletion what it had. */
function ChangeDetails({ action, changes }: { action: ActivityAction; changes: ChangeLine[] }) {
  return (
    <details className="text-xs">
      <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground underline-offset-2 outline-hidden hover:underline focus-visible:ring-2 focus-visible:ring-ring">
        Details ({changes.length})
      </summary>
      <dl className="mt-2 grid gap-1.5 rounded-md border bg-muted/30 p-2">
        {changes.map((change) => (
          <div key={change.field} className="grid min-w-0 gap-x-2 sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium first-letter:uppercase">{change.label}</dt>
            <dd className="min-w-0 break-words">
              {action === 'created' ? (
                <Value field={change.field} text={change.after} />
              ) : action === 'deleted' ? (
                <Value field={change.field} text={change.before} />
              ) : (
                <>
                  <Value field={change.field} text={change.before} />
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only"> changed to </span>
                  <Value field={change.field} text={change.after} />
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i

function Value({ field, text }: { field: string; text: string | null }) {
  if (text === null) return <span className="text-muted-foreground italic">none</span>
  if (field === 'color' && HEX_COLOUR.test(text)) {
    return (
      <span className="inline-flex items-center gap-1 align-middle">
        <span className="inline-block size-3 rounded-sm border" style={{ backgroundColor: text }} aria-hidden="true" />
        {text}
      </span>
    )
  }
  return <span>{text}</span>
}
