import { useId, useState, type ChangeEvent } from 'react'
import { toast } from 'sonner'
import { LIMITS } from '@shared/limits'
import { SCREEN_MESSAGES } from '@shared/screens/schema'
import { Button } from '@web/components/ui/button'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { ApiError, errorDescription } from '@web/lib/api-client'
import { useRemoveLogo, useScreens, useUploadLogo } from '../api'

// What the server accepts, as a hint to the file picker; the server checks the bytes.
const ACCEPTED_TYPES = 'image/png,image/jpeg,image/gif,image/webp'

/**
 * Upload, replace and remove act at once, apart from the rest of the form, and show the logo as
 * the refreshed list has it.
 */
export function LogoField({ screenId }: { screenId: string }) {
  const logoUrl = useScreens().data?.find(({ id }) => id === screenId)?.logoUrl ?? null
  const inputId = useId()
  const descriptionId = `${inputId}-description`
  const errorId = `${inputId}-error`
  const [error, setError] = useState<string | null>(null)
  const upload = useUploadLogo(screenId)
  const remove = useRemoveLogo(screenId)
  const isBusy = upload.isPending || remove.isPending

  const onFailure = (failure: unknown) => {
    toast.error('Failed to update screen', { description: errorDescription(failure) })
    setError(failure instanceof ApiError && failure.status !== 500 ? failure.message : 'The logo could not be saved. Please try again.')
  }

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    setError(null)
    // Checked here too so that a large file is refused before it is sent.
    if (file.size > LIMITS.screen.logoMaxBytes) {
      setError(SCREEN_MESSAGES.logoTooLarge)
      input.value = ''
      return
    }
    upload.mutate(file, {
      onSuccess: () => toast.success('Screen updated successfully!'),
      onError: onFailure,
      onSettled: () => {
        input.value = ''
      },
    })
  }

  const removeLogo = () => {
    setError(null)
    remove.mutate(undefined, { onSuccess: () => toast.success('Screen updated successfully!'), onError: onFailure })
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Logo</Label>
      {logoUrl ? (
        <div className="flex items-center gap-3">
          <img src={logoUrl} alt="Current logo" className="h-14 max-w-40 rounded border bg-muted object-contain p-1" />
          <Button type="button" variant="outline" size="sm" onClick={removeLogo} disabled={isBusy}>
            {remove.isPending ? 'Removing...' : 'Remove Logo'}
          </Button>
        </div>
      ) : null}
      <Input
        id={inputId}
        type="file"
        accept={ACCEPTED_TYPES}
        onChange={chooseFile}
        disabled={isBusy}
        aria-describedby={error ? `${descriptionId} ${errorId}` : descriptionId}
        aria-invalid={error ? true : undefined}
      />
      <p id={descriptionId} className="text-sm text-muted-foreground">
        {upload.isPending
          ? 'Uploading...'
          : `PNG, JPEG, GIF or WebP, less than 5MB. ${logoUrl ? 'A new file replaces the current logo; it' : 'It'} is saved as soon as you choose it.`}
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
