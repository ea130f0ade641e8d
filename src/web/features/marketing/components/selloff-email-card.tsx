import { useId, useState } from 'react'
import { Copy, Mail, RotateCcw, Send } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card'
import { Label } from '@web/components/ui/label'
import { Switch } from '@web/components/ui/switch'
import { Textarea } from '@web/components/ui/textarea'
import { usePermission } from '@web/features/auth'
import { SendSelloffDialog } from '@web/features/mail'
import { buildMailtoHref, splitEmailText } from '../email-text'

type SelloffEmailCardProps = {
  text: string
  onTextChange: (text: string) => void
  isEdited: boolean
  onRegenerate: () => void
  keepEdits: boolean
  onKeepEditsChange: (keepEdits: boolean) => void
}

export function SelloffEmailCard({ text, onTextChange, isEdited, onRegenerate, keepEdits, onKeepEditsChange }: SelloffEmailCardProps) {
  const titleId = useId()
  const keepEditsId = useId()
  const keepEditsNoteId = useId()
  const canSend = usePermission('sendMarketing')
  const [isSending, setIsSending] = useState(false)
  const { subject, body } = splitEmailText(text)

  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(text)
      toast.success('Email content copied to clipboard!')
    } catch {
      // No clipboard outside a secure context, or the browser refused.
      toast.error('Could not copy the email', { description: 'Select the text and copy it yourself.' })
    }
  }

  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle asChild>
          <h2 id={titleId} className="text-lg">
            Selloff Email Template
          </h2>
        </CardTitle>
        <CardDescription>
          {canSend
            ? 'Edit the text, then send it to your clients, copy it or open it in your email app.'
            : 'Edit the text, then copy it or open it in your email app.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-5">
        <Textarea
          aria-labelledby={titleId}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          className="max-h-[36rem] min-h-64"
          spellCheck
        />
        <div className="grid gap-1.5">
          <div className="flex items-center gap-3">
            <Switch id={keepEditsId} checked={keepEdits} onCheckedChange={onKeepEditsChange} aria-describedby={keepEditsNoteId} />
            <Label htmlFor={keepEditsId}>Keep my edits</Label>
          </div>
          <p id={keepEditsNoteId} className="text-sm text-muted-foreground">
            {keepEdits
              ? 'Your edits stay when you change the facility or the hours.'
              : `Changing the facility or the hours regenerates the text${isEdited ? ' and replaces your edits' : ''}.`}
          </p>
        </div>
      </CardContent>
      <CardFooter className="flex-wrap gap-2 px-5">
        {canSend ? (
          <Button onClick={() => setIsSending(true)} disabled={!text}>
            <Send aria-hidden="true" />
            Send
          </Button>
        ) : null}
        <Button onClick={copyText} disabled={!text} variant={canSend ? 'outline' : 'default'}>
          <Copy aria-hidden="true" />
          Copy Email
        </Button>
        <Button asChild variant="outline">
          <a href={buildMailtoHref(text)}>
            <Mail aria-hidden="true" />
            Open in email app
          </a>
        </Button>
        <Button variant="ghost" onClick={onRegenerate} disabled={!isEdited}>
          <RotateCcw aria-hidden="true" />
          Regenerate
        </Button>
      </CardFooter>
      <SendSelloffDialog open={isSending} onOpenChange={setIsSending} subject={subject} body={body} />
    </Card>
  )
}
