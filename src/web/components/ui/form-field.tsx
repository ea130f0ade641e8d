import * as React from 'react'

import { cn } from '@web/lib/utils'
import { Label } from '@web/components/ui/label'

type FormFieldControlProps = {
  id: string
  'aria-labelledby': string
  'aria-describedby': string | undefined
  'aria-invalid': true | undefined
}

/**
 * Label, control, description and error for one form field. The control is a render prop so the
 * wiring lands on the focusable element even when it is not the outermost one (a Select's
 * trigger, a Slider's thumbs):
 *
 *   <FormField label="Name" error={errors.name?.message}>
 *     {(control) => <Input {...control} {...register('name')} />}
 *   </FormField>
 */
function FormField({
  label,
  description,
  error,
  id,
  className,
  children,
}: {
  label: React.ReactNode
  description?: React.ReactNode
  error?: string
  id?: string
  className?: string
  children: (control: FormFieldControlProps) => React.ReactNode
}) {
  const generatedId = React.useId()
  const controlId = id ?? generatedId
  const labelId = `${controlId}-label`
  const descriptionId = `${controlId}-description`
  const errorId = `${controlId}-error`
  const hasDescription = description != null && description !== false
  const hasError = Boolean(error)

  // aria-labelledby as well as htmlFor: a label's `for` cannot name a non-labelable element
  // such as a slider thumb. aria-describedby makes a screen reader read the error when the
  // control takes focus, which react-hook-form does for the first invalid field on submit.
  const describedBy = [hasDescription ? descriptionId : null, hasError ? errorId : null].filter(Boolean).join(' ') || undefined

  return (
    <div data-slot="form-field" data-invalid={hasError || undefined} className={cn('grid gap-2', className)}>
      <Label id={labelId} htmlFor={controlId}>
        {label}
      </Label>
      {children({
        id: controlId,
        'aria-labelledby': labelId,
        'aria-describedby': describedBy,
        'aria-invalid': hasError || undefined,
      })}
      {hasDescription && (
        <p id={descriptionId} data-slot="form-field-description" className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {hasError && (
        <p id={errorId} data-slot="form-field-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

export { FormField }
