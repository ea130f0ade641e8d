import { useState } from 'react'
import { PRESET_LABELS, periodOf, REPORT_PRESETS, type Period } from '@shared/reports/periods'
import { FormField } from '@web/components/ui/form-field'
import { Input } from '@web/components/ui/input'
import { NativeSelect, NativeSelectOption } from '@web/components/ui/native-select'
import { periodProblem, type PeriodChoice, type PeriodSelection } from '../period'

type PeriodPickerProps = {
  value: PeriodSelection
  onChange: (selection: PeriodSelection) => void
  /** The local date the presets are counted from. */
  today: string
  maxDays: number
}

/**
 * The presets ('This week' … 'This season') and 'Custom', whose two dates appear beside it. A
 * custom range reaches the page only once the server would accept it; until then its fields say
 * what is wrong.
 */
export function PeriodPicker({ value, onChange, today, maxDays }: PeriodPickerProps) {
  const [draft, setDraft] = useState<Period>({ from: value.from, to: value.to })
  const problem = value.choice === 'custom' ? periodProblem(draft, maxDays) : null

  const choose = (choice: PeriodChoice) => {
    if (choice === 'custom') {
      // A custom range starts from the dates on screen, for the operator to move.
      setDraft({ from: value.from, to: value.to })
      onChange({ choice, from: value.from, to: value.to })
    } else {
      onChange({ choice, ...periodOf(choice, today) })
    }
  }

  const changeDate = (field: keyof Period, date: string) => {
    const next = { ...draft, [field]: date }
    setDraft(next)
    if (periodProblem(next, maxDays) === null) onChange({ choice: 'custom', ...next })
  }

  return (
    <>
      <FormField label="Period" className="sm:w-44">
        {(control) => (
          <NativeSelect {...control} value={value.choice} onChange={(event) => choose(event.target.value as PeriodChoice)}>
            {REPORT_PRESETS.map((preset) => (
              <NativeSelectOption key={preset} value={preset}>
                {PRESET_LABELS[preset]}
              </NativeSelectOption>
            ))}
            <NativeSelectOption value="custom">Custom</NativeSelectOption>
          </NativeSelect>
        )}
      </FormField>
      {value.choice === 'custom' ? (
        <>
          <FormField label="From" className="sm:w-40" error={problem?.field === 'from' ? problem.message : undefined}>
            {(control) => (
              <Input {...control} type="date" value={draft.from} onChange={(event) => changeDate('from', event.target.value)} />
            )}
          </FormField>
          <FormField label="To" className="sm:w-40" error={problem?.field === 'to' ? problem.message : undefined}>
            {(control) => <Input {...control} type="date" value={draft.to} onChange={(event) => changeDate('to', event.target.value)} />}
          </FormField>
        </>
      ) : null}
    </>
  )
}
