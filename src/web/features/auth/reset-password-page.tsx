import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useParams } from 'react-router'
import { toast } from 'sonner'
import { resetPasswordInput, type ResetPasswordInput } from '@shared/auth/schema'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { ApiError } from '@web/lib/api-client'
import { resetPassword } from './api'

type Outcome = 'form' | 'done' | 'invalid-link'

export function ResetPasswordPage() {
  const { token = '' } = useParams()
  const [outcome, setOutcome] = useState<Outcome>('form')
  const form = useForm<ResetPasswordInput>({ resolver: zodResolver(resetPasswordInput), defaultValues: { token, password: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword(values.token, values.password)
      setOutcome('done')
      toast.success('Your password has been changed')
    } catch (error) {
      // better-auth answers an unknown, used or expired token alike.
      if (error instanceof ApiError && error.status === 422 && !error.fields.password) setOutcome('invalid-link')
      else toast.error(error instanceof ApiError && error.status < 500 ? error.message : 'An unexpected error occurred')
    }
  })

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">Set a new password</h1>
          </CardTitle>
          <CardDescription>
            {outcome === 'form' && 'Choose the password you will sign in with from now on.'}
            {outcome === 'done' && 'Your password has been changed. Sign in with your new password.'}
            {outcome === 'invalid-link' &&
              'This reset link has expired or was already used. Ask for a new one with "Forgot password?" on the sign-in page.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {outcome === 'form' ? (
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <FormField label="New password" description="At least 6 characters" error={errors.password?.message}>
                {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
              </FormField>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Set password'}
              </Button>
            </form>
          ) : (
            <Button asChild className="w-full">
              <Link to="/auth">Go to sign in</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
