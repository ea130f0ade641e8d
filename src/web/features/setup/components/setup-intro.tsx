import { Link } from 'react-router'
import { PRODUCT_NAME } from '@shared/product'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card'
import { SETUP_STEPS } from '../steps'

// Signing in brings the visitor back here (the auth page honours `from`).
const BACK_TO_SETUP = { from: '/setup' }

/** What the wizard does, for a visitor who is not signed in: nothing is saved before they are. */
export function SetupIntro() {
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle asChild>
          <h2 className="text-xl">Six steps to a working lobby board</h2>
        </CardTitle>
        <CardDescription>The wizard sets up everything {PRODUCT_NAME} needs to start booking:</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <ol className="grid gap-3">
          {SETUP_STEPS.map((step, index) => (
            <li key={step.title} className="grid grid-cols-[2rem_1fr] items-start gap-3">
              <span
                className="flex size-8 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <div>
                <p className="font-medium">{step.title}</p>
                <p className="text-sm text-muted-foreground">{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-4 border-t px-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="text-sm text-muted-foreground">Sign in or sign up first: nothing is saved until you do.</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <Link to="/auth" state={BACK_TO_SETUP}>
              Sign In
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth" state={BACK_TO_SETUP}>
              Sign Up
            </Link>
          </Button>
        </div>
      </CardFooter>
    </Card>
  )
}
