import { Copy } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@web/components/ui/button'
import { DialogFooter } from '@web/components/ui/dialog'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'

/** A one-time invitation link, shown once in the dialog that made it, to copy (a member's or a renter's). */
export function InvitationLink({ link, onDone }: { link: string; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      toast.success('Invitation link copied to clipboard!')
    } catch {
      toast.error('Could not copy. Select the link and copy it by hand.')
    }
  }

  return (
    <div className="grid gap-4">
      <FormField label="Invitation link" description="It is shown only this once.">
        {(control) => (
          // Focus lands here when the form gives way to the link, with the link selected for copying.
          <Input {...control} readOnly value={link} autoFocus onFocus={(event) => event.currentTarget.select()} />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Done
        </Button>
        <Button type="button" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </DialogFooter>
    </div>
  )
}
