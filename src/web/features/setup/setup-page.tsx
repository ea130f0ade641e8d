import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { PRODUCT_NAME } from '@shared/product'
import { LoadingScreen } from '@web/components/loading-screen'
import { Button } from '@web/components/ui/button'
import { useAuth, usePermission } from '@web/features/auth'
import { useSetupProgress, type SetupProgress } from './api'
import { SetupIntro } from './components/setup-intro'
import { SetupWizard } from './components/setup-wizard'

// A public route (docs/product.md#setup-wizard): a visitor who is not signed in learns what the wizard does, and
// nothing is saved until they sign in. It has no sidebar, like /auth.
export function SetupPage() {
  const { user, loading } = useAuth()

  return (
    <div className="min-h-screen bg-gradient-to-b from-background to-muted">
      <SetupHeader isSignedIn={user !== null} />
      <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
        <div className="mb-6">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Set up {PRODUCT_NAME}</h1>
          <p className="mt-1 text-muted-foreground">From a new account to a lobby board that shows your schedule.</p>
        </div>
        {loading ? <LoadingScreen isLabelVisible isHeading={false} /> : user ? <SignedInSetup /> : <SetupIntro />}
      </main>
    </div>
  )
}

// The wizard creates the venue: only an owner or a manager runs it (docs/product.md#teams); the
// others are told so, and their progress is not even asked for.
function SignedInSetup() {
  const canManageVenue = usePermission('manageVenue')
  if (canManageVenue) return <SetupWizardWithProgress />
  return (
    <div role="status" className="grid justify-items-start gap-3 rounded-lg border bg-background p-6">
      <p>Setting up the facilities, spaces and screens is for an owner or a manager of your organisation.</p>
      <Button asChild variant="outline">
        <Link to="/facilities">Go to Facilities</Link>
      </Button>
    </div>
  )
}

function SetupWizardWithProgress() {
  const progress = useSetupProgress()
  const navigate = useNavigate()

  // Spec: finishing says so and goes to /facilities. The finished run travels along (the server
  // has no unfinished run to show any more), so /facilities can link straight to its boards.
  const finish = (finished: SetupProgress) => {
    toast.success(`Setup complete! Welcome to ${PRODUCT_NAME}`)
    navigate('/facilities', { state: { completedSetup: finished } })
  }

  // Spec: the wizard's loading state shows 'Loading...'.
  if (progress.isPending) return <LoadingScreen isLabelVisible isHeading={false} />
  if (progress.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-lg border bg-background p-6">
        <p>Your setup could not be loaded.</p>
        <Button variant="outline" onClick={() => void progress.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  return <SetupWizard progress={progress.data} onComplete={finish} />
}

function SetupHeader({ isSignedIn }: { isSignedIn: boolean }) {
  const { signOut } = useAuth()
  const navigate = useNavigate()

  const handleSignOut = async () => {
    try {
      await signOut()
      toast.success('Signed out successfully')
      navigate('/')
    } catch {
      toast.error('Failed to sign out')
    }
  }

  return (
    <header className="border-b bg-background/95">
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between px-4 sm:px-6">
        <Link to="/" className="text-lg font-bold">
          {PRODUCT_NAME}
        </Link>
        {isSignedIn ? (
          <Button variant="ghost" size="sm" onClick={handleSignOut}>
            Sign Out
          </Button>
        ) : null}
      </div>
    </header>
  )
}
