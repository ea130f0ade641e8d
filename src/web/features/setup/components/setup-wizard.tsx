import { useEffect, useRef, useState } from 'react'
import { ArrowLeft, ArrowRight, Check } from 'lucide-react'
import { LIMITS } from '@shared/limits'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card'
import { Progress } from '@web/components/ui/progress'
import { cn } from '@web/lib/utils'
import { useCompleteSetup, useSkipStep, type SetupProgress, type StepStatus } from '../api'
import { isSkippable, SETUP_STEPS } from '../steps'
import { ChangeRoomsStep } from './change-rooms-step'
import { ClientStep } from './client-step'
import { ConfigureDisplaysStep } from './configure-displays-step'
import { DisplaysStep } from './displays-step'
import { FacilityStep } from './facility-step'
import { SpacesStep } from './spaces-step'
import { toastStepFailure } from './toast-step-failure'

const TOTAL = LIMITS.wizard.steps
// Before step 1 there is no run; this is what the server would derive for an empty one.
const NOT_STARTED: StepStatus[] = ['open', 'open', 'open', 'open', 'not-needed', 'open']

const STATUS_LABELS: Record<StepStatus, string> = { open: '', done: 'done', skipped: 'skipped', 'not-needed': 'not needed' }

/** The next step to show in a direction, passing over step 5 when it is not needed. */
function stepAfter(step: number, statuses: StepStatus[], direction: 1 | -1): number {
  let next = step + direction
  while (statuses[next - 1] === 'not-needed') next += direction
  return Math.min(Math.max(next, 1), TOTAL)
}

type SetupWizardProps = {
  /** null until step 1 has made the facility. */
  progress: SetupProgress | null
  onComplete: (progress: SetupProgress) => void
}

/**
 * The six steps. Everything shown comes from the server's progress, so a reload, another tab or
 * another day resumes at the first open step with what earlier steps made (ADR 0010).
 */
export function SetupWizard({ progress, onComplete }: SetupWizardProps) {
  const [step, setStep] = useState(progress?.currentStep ?? 1)
  const statuses = progress?.steps ?? NOT_STARTED
  const status = statuses[step - 1]!
  const isStepComplete = status !== 'open'
  const isLastStep = step === TOTAL
  const percent = Math.round((step / TOTAL) * 100)
  const skipStep = useSkipStep()
  const completeSetup = useCompleteSetup()
  const isBusy = skipStep.isPending || completeSetup.isPending

  const title = useRef<HTMLHeadingElement>(null)
  const nextButton = useRef<HTMLButtonElement>(null)
  const shown = useRef({ step, status })

  // A screen reader hears the new step's title when the step changes, and lands on Next once a
  // step has made its rows (its form, which had the focus, is gone).
  useEffect(() => {
    if (shown.current.step !== step) title.current?.focus()
    else if (shown.current.status === 'open' && status !== 'open') nextButton.current?.focus()
    shown.current = { step, status }
  }, [step, status])

  const finish = () =>
    completeSetup.mutate(undefined, {
      onSuccess: onComplete,
      onError: (error) => toastStepFailure(error, 'Failed to complete setup'),
    })

  const next = () => (isLastStep ? finish() : setStep(stepAfter(step, statuses, 1)))

  const skip = () => {
    if (!isSkippable(step)) return
    skipStep.mutate(step, {
      onSuccess: (updated) => (isLastStep ? finish() : setStep(stepAfter(step, updated.steps, 1))),
      onError: (error) => toastStepFailure(error, 'Failed to skip this step'),
    })
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start">
      <div className="grid gap-2 lg:col-span-2">
        <div className="flex items-baseline justify-between text-sm">
          <p id="setup-progress-label" className="font-medium">
            Step {step} of {TOTAL}
          </p>
          <p className="text-muted-foreground">{percent}%</p>
        </div>
        <Progress aria-labelledby="setup-progress-label" value={percent} />
      </div>

      <nav aria-label="Setup steps" className="hidden lg:block">
        <ol className="grid gap-1">
          {SETUP_STEPS.map((item, index) => {
            // Step 5 reads as not needed only once the steps before it have had their say.
            const itemStatus = statuses[index] === 'not-needed' && statuses.slice(0, index).includes('open') ? 'open' : statuses[index]!
            const isCurrent = index + 1 === step
            return (
              <li
                key={item.title}
                aria-current={isCurrent ? 'step' : undefined}
                className={cn(
                  'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                  isCurrent ? 'bg-primary/10 font-medium text-foreground' : 'text-muted-foreground',
                )}
              >
                <span
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs',
                    itemStatus === 'done' && 'border-primary bg-primary text-primary-foreground',
                  )}
                  aria-hidden="true"
                >
                  {itemStatus === 'done' ? <Check className="size-3.5" /> : index + 1}
                </span>
                <span>
                  {item.title}
                  {STATUS_LABELS[itemStatus] ? <span className="sr-only"> ({STATUS_LABELS[itemStatus]})</span> : null}
                  {itemStatus === 'skipped' || itemStatus === 'not-needed' ? (
                    <span className="block text-xs" aria-hidden="true">
                      {itemStatus === 'skipped' ? 'Skipped' : 'Not needed'}
                    </span>
                  ) : null}
                </span>
              </li>
            )
          })}
        </ol>
      </nav>

      <Card className="min-w-0">
        <CardHeader className="px-4 sm:px-6">
          <CardTitle asChild>
            <h2 ref={title} tabIndex={-1} className="text-xl outline-none">
              {SETUP_STEPS[step - 1]!.title}
            </h2>
          </CardTitle>
          <CardDescription>
            {SETUP_STEPS[step - 1]!.description}
            {status === 'skipped' ? ' You skipped this step; you can still fill it in now.' : ''}
          </CardDescription>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          <StepContent step={step} progress={progress} />
        </CardContent>
        <CardFooter className="flex-wrap justify-between gap-2 border-t px-4 sm:px-6">
          <Button type="button" variant="outline" onClick={() => setStep(stepAfter(step, statuses, -1))} disabled={step === 1 || isBusy}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
          <div className="flex flex-wrap justify-end gap-2">
            {isSkippable(step) && status === 'open' ? (
              <Button type="button" variant="ghost" onClick={skip} disabled={isBusy}>
                Skip This Step
              </Button>
            ) : null}
            <Button ref={nextButton} type="button" onClick={next} disabled={!isStepComplete || isBusy}>
              {isLastStep ? (completeSetup.isPending ? 'Completing...' : 'Complete Setup') : 'Next'}
              {isLastStep ? null : <ArrowRight aria-hidden="true" />}
            </Button>
          </div>
        </CardFooter>
      </Card>
    </div>
  )
}

function StepContent({ step, progress }: { step: number; progress: SetupProgress | null }) {
  switch (step) {
    case 1:
      return <FacilityStep progress={progress} />
    case 2:
      return <SpacesStep progress={progress} />
    case 3:
      return <ChangeRoomsStep progress={progress} />
    case 4:
      return <DisplaysStep progress={progress} />
    case 5:
      return progress ? <ConfigureDisplaysStep progress={progress} /> : null
    default:
      return <ClientStep progress={progress} />
  }
}
