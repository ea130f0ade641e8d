import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { AUTH_MESSAGES } from '@shared/auth/messages'
import type { ForgotPasswordInput, SignInInput, SignUpInput } from '@shared/auth/schema'
import { PORTAL_MESSAGES } from '@shared/portal/messages'
import { PRODUCT_NAME } from '@shared/product'
import { lazyZodResolver } from '@web/components/form/lazy-zod-resolver'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { ApiError } from '@web/lib/api-client'
import { AcceptPortalInvitation, acceptPortalInvitation, usePortalInvitation, type PortalInvitationPreview } from '@web/features/portal'
import { requestPasswordReset, signIn, signUp } from './api'
import { useAuth } from './auth-provider'
import { homePathOf } from './home-path'

type Mode = 'sign-in' | 'sign-up' | 'forgot-password'
const MODES: Mode[] = ['sign-in', 'sign-up', 'forgot-password']

// The card each mode shows: its heading, and the line under it.
const HEADINGS: Record<Mode, [title: string, description: string]> = {
  'sign-in': ['Welcome Back', 'Sign in to manage your facilities'],
  'sign-up': ['Get Started', 'Create your account to start scheduling'],
  'forgot-password': ['Forgot password?', "Enter your account's email and we'll send you a link to reset the password."],
}

// The forms paint first; their schemas (the server's own) and the toasts follow in the background.
// A toast waits for the Toaster (loaded lazily by main.tsx) to listen, or it would be lost.
const importToasts = () => import('@web/components/ui/sonner').then((module) => module.toasterReady.then(() => module.toast))
let toasts = typeof window === 'undefined' ? null : importToasts()
const loadToasts = () => (toasts ??= importToasts())
const toast = {
  success: (message: string) => void loadToasts().then((toast) => toast.success(message)),
  error: (message: string, options?: { description: string }) => void loadToasts().then((toast) => toast.error(message, options)),
}
const signInResolver = lazyZodResolver(() => import('@shared/auth/schema').then((module) => module.signInInput))
const signUpResolver = lazyZodResolver(() => import('@shared/auth/schema').then((module) => module.signUpInput))
const forgotPasswordResolver = lazyZodResolver(() => import('@shared/auth/schema').then((module) => module.forgotPasswordInput))

/** A renters' portal invitation (docs/product.md#renters): the token of its link, and what it shows. */
type PortalInvitation = PortalInvitationPreview & { token: string }

// Where to go after signing in: back to the page that sent the visitor here, else where the
// account starts (the facilities, or the portal for a renter).
function useDestination(): (user: Parameters<typeof homePathOf>[0]) => string {
  const location = useLocation()
  const from = (location.state as { from?: string } | null)?.from
  return (user) => (from && from.startsWith('/') && !from.startsWith('//') ? from : homePathOf(user))
}

// A venue's invitation link to its portal is /auth?portalInvitation=<token>: the page then signs
// up or in with it, or accepts it for an account already signed in, and opens the portal.
const INVITATION_PARAM = 'portalInvitation'

/**
 * The mode is in the address (?mode=sign-up), so the landing page's buttons open the right form.
 * The build renders the page without it (prerender.tsx), and React's first render replaces that
 * copy (main.tsx renders afresh, it does not hydrate), so the address decides from the start.
 * Without it, an invitation for an email with no account opens on sign-up.
 */
function useMode(invitation: PortalInvitation | null): [Mode, (mode: Mode) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const location = useLocation()
  const requested = searchParams.get('mode')
  const mode = MODES.find((candidate) => candidate === requested) ?? (invitation && !invitation.accountExists ? 'sign-up' : 'sign-in')
  // Replaced, not pushed, with the invitation and the page that sent the visitor here kept (useDestination).
  const setMode = (next: Mode) => {
    const params = new URLSearchParams()
    const token = searchParams.get(INVITATION_PARAM)
    // With an invitation, sign-in is said too: the default there may be sign-up.
    if (next !== 'sign-in' || token !== null) params.set('mode', next)
    if (token !== null) params.set(INVITATION_PARAM, token)
    setSearchParams(params, { replace: true, state: location.state })
  }
  return [mode, setMode]
}

export function AuthPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get(INVITATION_PARAM)
  return token === null ? <AuthForms invitation={null} isInvitationGone={false} /> : <InvitedAuthPage token={token} />
}

/** /auth with a venue's invitation link: what the invitation shows heads the forms. */
function InvitedAuthPage({ token }: { token: string }) {
  // An account made with the invitation has its access already: signing in only opens it.
  const [hasUsedInvitation, setHasUsedInvitation] = useState(false)
  const preview = usePortalInvitation(token, !hasUsedInvitation)
  if (preview.isPending) return <AuthCard title="Invitation" description={<span role="status">Loading invitation...</span>} />
  return (
    <AuthForms
      invitation={preview.data ? { ...preview.data, token } : null}
      isInvitationGone={preview.isError}
      hasUsedInvitation={hasUsedInvitation}
      onUsedInvitation={() => setHasUsedInvitation(true)}
    />
  )
}

type AuthFormsProps = {
  invitation: PortalInvitation | null
  /** The link's invitation is used, withdrawn or expired (or the server could not say). */
  isInvitationGone: boolean
  hasUsedInvitation?: boolean
  onUsedInvitation?: () => void
}

function AuthForms({ invitation, isInvitationGone, hasUsedInvitation = false, onUsedInvitation = () => {} }: AuthFormsProps) {
  const { user, loading } = useAuth()
  const fromPage = useDestination()
  // An accepted invitation opens the portal, whoever the account is.
  const destination = invitation ? () => '/portal' : fromPage
  const [mode, setMode] = useMode(invitation)
  // Set once a pending account is created: the sign-in card then says what happens next.
  const [isAwaitingApproval, setIsAwaitingApproval] = useState(false)
  // The email just signed up with, or invited: the sign-in form starts with it, so it is not typed twice.
  const [signedUpEmail, setSignedUpEmail] = useState(invitation?.email ?? '')
  const [title, description] =
    invitation && mode !== 'forgot-password'
      ? [
          `Join ${invitation.organisationName}`,
          `${invitation.email} is invited to see ${invitation.clientName}'s bookings, hours and invoices.`,
        ]
      : HEADINGS[mode]

  // The form shows while the session check is still out: most visitors here are signed out, and
  // a phone on a slow network would otherwise wait one more round trip for its first paint.
  if (user && !loading) {
    // Signed in already with a link in hand: the account accepts it here.
    if (invitation && !hasUsedInvitation) {
      return (
        <AuthCard title={title} description={description}>
          <AcceptPortalInvitation
            token={invitation.token}
            invitation={invitation}
            signedInEmail={user.email}
            onAccepted={onUsedInvitation}
          />
        </AuthCard>
      )
    }
    return <Navigate to={destination(user)} replace />
  }

  const switchTo = (next: Mode) => {
    setIsAwaitingApproval(false)
    setMode(next)
  }

  return (
    <AuthCard title={title} description={description}>
      {isInvitationGone ? (
        <p role="alert" className="mb-6 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm">
          {PORTAL_MESSAGES.invitationGone}
        </p>
      ) : null}
      {mode === 'sign-in' && isAwaitingApproval ? <PendingApprovalNotice /> : null}
      {mode === 'sign-in' ? (
        <SignInForm
          destination={destination}
          email={signedUpEmail}
          invitation={invitation}
          isInvitationUsed={hasUsedInvitation}
          onInvitationUsed={onUsedInvitation}
          onForgotPassword={() => switchTo('forgot-password')}
        />
      ) : mode === 'sign-up' ? (
        <SignUpForm
          invitation={invitation}
          onCreated={(isPending, email) => {
            setSignedUpEmail(email)
            setMode('sign-in')
            setIsAwaitingApproval(isPending && !invitation)
            if (invitation) onUsedInvitation()
          }}
        />
      ) : (
        <ForgotPasswordForm />
      )}
      <p className="mt-6 text-center text-sm">
        <button
          type="button"
          className="text-primary underline-offset-4 hover:underline focus-visible:underline"
          onClick={() => switchTo(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
        >
          {mode === 'sign-in'
            ? "Don't have an account? Sign up"
            : mode === 'sign-up'
              ? 'Already have an account? Sign in'
              : 'Back to sign in'}
        </button>
      </p>
    </AuthCard>
  )
}

function AuthCard({ title, description, children }: { title: string; description: ReactNode; children?: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-background to-muted px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <p className="text-sm font-semibold text-primary">
            <Link to="/">{PRODUCT_NAME}</Link>
          </p>
          <CardTitle>
            <h1 className="text-2xl break-words">{title}</h1>
          </CardTitle>
          <CardDescription className="break-words">{description}</CardDescription>
        </CardHeader>
        {children ? <CardContent>{children}</CardContent> : null}
      </Card>
    </main>
  )
}

// The toast gives the spec's sign-up text and fades; the card keeps saying what happens next.
function PendingApprovalNotice() {
  return (
    <div role="status" className="mb-6 rounded-md border border-primary/30 bg-primary/5 p-4 text-sm">
      <p className="font-semibold">Your account is pending approval</p>
      <p className="mt-1 text-muted-foreground">
        An administrator reviews every new account. Once yours is approved, you can sign in here with your email and password.
      </p>
    </div>
  )
}

// Signing in with the link lets a pending account in, the server accepting the invitation on the
// way; any other account accepts it once signed in. Signed in all the same when that fails: the
// toast says why the client is missing, unless the account speaks for it already.
async function acceptOnSignIn(invitation: PortalInvitation, speaksForIt: () => Promise<boolean>) {
  try {
    await acceptPortalInvitation(invitation.token)
  } catch (error) {
    if (await speaksForIt()) return
    toast.error(
      'Failed to accept the invitation',
      error instanceof ApiError && error.status < 500 ? { description: error.message } : undefined,
    )
  }
}

type SignInFormProps = {
  destination: (user: Parameters<typeof homePathOf>[0]) => string
  email: string
  /** A portal invitation: sent with the sign-in, and accepted once signed in unless used already. */
  invitation: PortalInvitation | null
  isInvitationUsed: boolean
  onInvitationUsed: () => void
  onForgotPassword: () => void
}

function SignInForm({ destination, email, invitation, isInvitationUsed, onInvitationUsed, onForgotPassword }: SignInFormProps) {
  const { refresh } = useAuth()
  const navigate = useNavigate()
  const form = useForm<SignInInput>({ resolver: signInResolver, defaultValues: { email, password: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn(invitation ? { ...values, portalInvitation: invitation.token } : values)
      if (invitation && !isInvitationUsed) {
        await acceptOnSignIn(invitation, async () =>
          Boolean(
            (await refresh())?.renterOf.some(
              (client) => client.clientName === invitation.clientName && client.organisationName === invitation.organisationName,
            ),
          ),
        )
        onInvitationUsed()
      }
      const user = await refresh()
      toast.success('Welcome back!')
      if (user) navigate(destination(user), { replace: true })
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) toast.error(AUTH_MESSAGES.invalidCredentials)
      else if (error instanceof ApiError && error.code === 'NETWORK') toast.error(AUTH_MESSAGES.unexpected, { description: error.message })
      else if (error instanceof ApiError && error.status < 500) toast.error(error.message)
      else toast.error(AUTH_MESSAGES.unexpected)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Email" description={invitation ? 'The invitation is for this address.' : undefined} error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            readOnly={invitation !== null}
            className={invitation ? 'bg-muted' : undefined}
            {...form.register('email')}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
      </FormField>
      <button
        type="button"
        className="-mt-2 justify-self-end text-sm text-primary underline-offset-4 hover:underline focus-visible:underline"
        onClick={onForgotPassword}
      >
        Forgot password?
      </button>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  )
}

type SignUpFormProps = {
  /** A portal invitation: the account is made for its email, with its access, and needs no approval. */
  invitation: PortalInvitation | null
  onCreated: (isPending: boolean, email: string) => void
}

function SignUpForm({ invitation, onCreated }: SignUpFormProps) {
  const form = useForm<SignUpInput>({
    resolver: signUpResolver,
    defaultValues: { fullName: '', email: invitation?.email ?? '', password: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { user } = await signUp(invitation ? { ...values, portalInvitation: invitation.token } : values)
      // The very first account of a new install is approved at once as its administrator; a
      // renter invited by the venue needs no approval either.
      toast.success(
        user.approved
          ? 'Account created! You are the administrator; sign in to continue.'
          : invitation
            ? 'Account created! Sign in to continue.'
            : 'Account created! Pending admin approval.',
      )
      form.reset()
      onCreated(!user.approved, values.email)
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) toast.error(AUTH_MESSAGES.emailTaken)
      else if (error instanceof ApiError && error.status < 500 && error.code !== 'NETWORK') toast.error(error.message)
      else toast.error(AUTH_MESSAGES.unexpected)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Full Name" error={errors.fullName?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('fullName')} />}
      </FormField>
      <FormField label="Email" description={invitation ? 'The invitation is for this address.' : undefined} error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            readOnly={invitation !== null}
            className={invitation ? 'bg-muted' : undefined}
            {...form.register('email')}
          />
        )}
      </FormField>
      <FormField label="Password" description="At least 6 characters" error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  )
}

// The same answer whether or not the email has an account (docs/product.md#accounts): the form
// gives way to it, so a second email cannot be tried by just pressing the button again.
function ForgotPasswordForm() {
  const form = useForm<ForgotPasswordInput>({ resolver: forgotPasswordResolver, defaultValues: { email: '' } })
  const { errors, isSubmitting } = form.formState
  const [answer, setAnswer] = useState<string | null>(null)

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setAnswer((await requestPasswordReset(values)).message)
    } catch (error) {
      if (error instanceof ApiError && error.status < 500 && error.code !== 'NETWORK') toast.error(error.message)
      else toast.error(AUTH_MESSAGES.unexpected)
    }
  })

  if (answer) {
    return (
      <p role="status" className="rounded-md border border-primary/30 bg-primary/5 p-4 text-sm">
        {answer}
      </p>
    )
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Sending request...' : 'Request reset link'}
      </Button>
    </form>
  )
}
