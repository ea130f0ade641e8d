import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useNavigate, useParams } from 'react-router'
import { toast } from 'sonner'
import { AUTH_MESSAGES } from '@shared/auth/messages'
import { signInInput, type SignInInput } from '@shared/auth/schema'
import { PRODUCT_NAME } from '@shared/product'
import { TEAM_MESSAGES } from '@shared/team/messages'
import { ROLE_LABELS } from '@shared/team/roles'
import { invitationSignUpInput, type InvitationSignUpInput } from '@shared/team/schema'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { AcceptAsSignedIn, useAuth } from '@web/features/auth'
import { ApiError, apiFetch, errorDescription } from '@web/lib/api-client'
import { acceptInvitation, signUpWithInvitation, useInvitationPreview, useOrganisationChanged, type InvitationPreview } from './api'

// An unknown, used or expired token: the server answers 410 (404 is read alike).
const isGone = (error: unknown) => error instanceof ApiError && (error.status === 410 || error.status === 404)

// Sign-in as the auth feature does it; that feature keeps its api to itself (ADR 0019).
const signIn = (input: SignInInput) => apiFetch<unknown>('/api/auth/sign-in/email', { method: 'POST', body: input })

function signInErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return AUTH_MESSAGES.invalidCredentials
  if (error instanceof ApiError && error.status < 500) return error.message
  return AUTH_MESSAGES.unexpected
}

function PageCard({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader>
          <p className="text-sm font-semibold text-primary">
            <Link to="/">{PRODUCT_NAME}</Link>
          </p>
          <CardTitle>
            <h1 className="text-2xl break-words">{title}</h1>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        {children ? <CardContent>{children}</CardContent> : null}
      </Card>
    </main>
  )
}

/**
 * The page behind an owner's invitation link. Signed in, the visitor accepts; signed out, they
 * sign in (an account exists for the invitation's email) or create one, and the invitation is
 * accepted on the way.
 */
export function InvitePage() {
  const { token = '' } = useParams()
  const { user, loading } = useAuth()
  const navigate = useNavigate()
  const organisationChanged = useOrganisationChanged()
  // The organisation just joined: the page says so until the facilities open, and no longer asks
  // for the invitation, which is used up now.
  const [joined, setJoined] = useState<string | null>(null)
  const preview = useInvitationPreview(token, joined === null)
  // Used up while the page was open (accepted in another tab, or expired).
  const [gone, setGone] = useState(false)

  const onJoined = async (organisationName: string) => {
    setJoined(organisationName)
    try {
      await organisationChanged()
      toast.success(`Welcome to ${organisationName}`)
    } catch {
      // Joined all the same; the facilities page fetches what it needs itself.
    }
    navigate('/facilities', { replace: true })
  }

  if (joined) {
    return (
      <PageCard
        title={`You are now a member of ${joined}`}
        description={
          <span role="status" aria-live="polite">
            Opening your facilities...
          </span>
        }
      />
    )
  }
  if (gone || (preview.isError && isGone(preview.error))) {
    const destination = user ? { to: '/facilities', label: 'Go to Facilities' } : { to: '/auth', label: 'Go to sign in' }
    return (
      <PageCard title="Invitation unavailable" description={TEAM_MESSAGES.invitationGone}>
        <Button asChild className="w-full">
          <Link to={destination.to}>{destination.label}</Link>
        </Button>
      </PageCard>
    )
  }
  if (preview.isError) {
    return (
      <PageCard title="Invitation" description={<>Failed to load the invitation. {errorDescription(preview.error)}</>}>
        <Button className="w-full" onClick={() => void preview.refetch()}>
          Try Again
        </Button>
      </PageCard>
    )
  }
  if (preview.isPending || loading) {
    return (
      <PageCard
        title="Invitation"
        description={
          <span role="status" aria-live="polite">
            Loading invitation...
          </span>
        }
      />
    )
  }

  const invitation = preview.data
  const onGone = () => setGone(true)
  const flow = { token, invitation, onGone, onJoined }
  return (
    <PageCard
      title={`Join ${invitation.organisationName}`}
      description={`${invitation.email} is invited to join ${invitation.organisationName} as ${ROLE_LABELS[invitation.role]}.`}
    >
      {user ? (
        <AcceptInvitation {...flow} signedInEmail={user.email} />
      ) : invitation.accountExists ? (
        <SignInToAccept {...flow} />
      ) : (
        <SignUpToAccept {...flow} />
      )}
    </PageCard>
  )
}

type FlowProps = {
  token: string
  invitation: InvitationPreview
  onGone: () => void
  /** Once the visitor is signed in and a member: the organisation joined is the current one. */
  onJoined: (organisationName: string) => Promise<void>
}

function AcceptInvitation({ token, invitation, signedInEmail, onGone, onJoined }: FlowProps & { signedInEmail: string }) {
  const accept = async () => {
    try {
      const organisation = await acceptInvitation(token)
      await onJoined(organisation.name)
      return true
    } catch (error) {
      if (isGone(error)) onGone()
      else toast.error(errorDescription(error) ?? 'Failed to accept the invitation')
      return false
    }
  }
  return (
    <AcceptAsSignedIn
      signedInEmail={signedInEmail}
      invitedEmail={invitation.email}
      wrongEmailMessage={TEAM_MESSAGES.wrongEmail}
      onAccept={accept}
    />
  )
}

function SignInToAccept({ token, invitation, onGone, onJoined }: FlowProps) {
  const { refresh } = useAuth()
  const form = useForm<SignInInput>({ resolver: zodResolver(signInInput), defaultValues: { email: invitation.email, password: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // The link lets an account still waiting for the admin in: the invitation approves it.
      await signIn({ ...values, invitationToken: token })
    } catch (error) {
      toast.error(signInErrorMessage(error))
      return
    }
    try {
      const organisation = await acceptInvitation(token)
      await onJoined(organisation.name)
    } catch (error) {
      // Signed in all the same: the page now offers to accept again, or says the link is used up.
      await refresh().catch(() => undefined)
      if (isGone(error)) onGone()
      else toast.error(errorDescription(error) ?? 'Failed to accept the invitation')
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">Sign in to accept the invitation.</p>
      <FormField label="Email" description="The invitation is for this address." error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="username" readOnly className="bg-muted" {...form.register('email')} />}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Signing in...' : 'Sign In and Accept'}
      </Button>
    </form>
  )
}

function SignUpToAccept({ token, invitation, onGone, onJoined }: FlowProps) {
  const { refresh } = useAuth()
  const form = useForm<InvitationSignUpInput>({
    resolver: zodResolver(invitationSignUpInput),
    defaultValues: { fullName: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUpWithInvitation(token, values)
    } catch (error) {
      if (isGone(error)) return onGone()
      toast.error('Failed to create account', { description: errorDescription(error) })
      return
    }
    // The account exists and is a member already; signing in opens it.
    try {
      await signIn({ email: invitation.email, password: values.password })
      await onJoined(invitation.organisationName)
    } catch (error) {
      await refresh().catch(() => undefined)
      toast.error(signInErrorMessage(error))
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">Create your account to accept the invitation.</p>
      <FormField label="Full Name" error={errors.fullName?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('fullName')} />}
      </FormField>
      <FormField label="Email" description="The invitation is for this address.">
        {(control) => <Input {...control} type="email" autoComplete="username" readOnly className="bg-muted" value={invitation.email} />}
      </FormField>
      <FormField label="Password" description="At least 6 characters" error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating account...' : 'Create Account and Accept'}
      </Button>
    </form>
  )
}
