import { Building2, CalendarClock, Sparkles } from 'lucide-react'
import { Link, Navigate } from 'react-router'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card'
import { LoadingScreen } from '@web/components/loading-screen'
import { homePathOf, useAuth } from '@web/features/auth'
import { PRODUCT_NAME } from '@shared/product'

// Every button goes to /auth (the spec), opened on the form it promises (auth-page.tsx reads the mode).
const SIGN_IN = '/auth?mode=sign-in'
const SIGN_UP = '/auth?mode=sign-up'

const FEATURES = [
  {
    icon: Building2,
    title: 'Multi-Facility Management',
    description: 'Run every rink, court, field and room from one place, each facility with its own spaces and hours.',
  },
  {
    icon: CalendarClock,
    title: 'Smart Scheduling',
    description: 'Book practices and games without double booking, and see upcoming and past events at a glance.',
  },
  {
    icon: Sparkles,
    title: 'Easy to Use',
    description: 'A guided setup, lobby screens and last-minute selloff emails, ready in minutes.',
  },
]

export function LandingPage() {
  const { user, loading } = useAuth()
  // Spec: 'Loading...' while the session resolves, over the page's outline.
  if (loading) {
    return (
      <div className="min-h-screen bg-gradient-to-b from-background to-muted">
        <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
          <span className="text-lg font-bold">{PRODUCT_NAME}</span>
        </header>
        <main>
          <LoadingScreen isLabelVisible className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24" />
        </main>
      </div>
    )
  }
  if (user) return <Navigate to={homePathOf(user)} replace />

  return (
    <div className="min-h-screen bg-gradient-to-b from-background to-muted">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <span className="text-lg font-bold">{PRODUCT_NAME}</span>
        <Button asChild variant="outline">
          <Link to={SIGN_IN}>Sign In</Link>
        </Button>
      </header>
      <main>
        <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">Scheduling for the places where people play</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            {PRODUCT_NAME} books your ice, courts and rooms, keeps client hour contracts honest and puts today&apos;s schedule on the lobby
            screen.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={SIGN_UP}>Get Started Free</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={SIGN_IN}>Sign In</Link>
            </Button>
          </div>
        </section>
        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
          <h2 id="features-heading" className="sr-only">
            Features
          </h2>
          <div className="grid gap-6 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, description }) => (
              <Card key={title}>
                <CardHeader>
                  <Icon className="mb-2 size-8 text-primary" aria-hidden="true" />
                  <CardTitle>
                    <h3>{title}</h3>
                  </CardTitle>
                  <CardDescription>{description}</CardDescription>
                </CardHeader>
              </Card>
            ))}
          </div>
        </section>
        <section className="mx-auto max-w-4xl px-4 pb-24 text-center sm:px-6">
          <Card>
            <CardContent className="py-10">
              <h2 className="text-2xl font-bold sm:text-3xl">Ready to fill your schedule?</h2>
              <p className="mt-2 text-muted-foreground">Set up your first facility in a few minutes.</p>
              <Button asChild size="lg" className="mt-6">
                <Link to={SIGN_UP}>Create Your Free Account</Link>
              </Button>
            </CardContent>
          </Card>
        </section>
      </main>
    </div>
  )
}
