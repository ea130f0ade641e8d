import { useId } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import type { ContractFormValues, ContractInput } from '@shared/contracts/schema'
import { CONTRACT_SCOPE_LABELS, CONTRACT_SCOPES, SCOPE_ROOM_TYPES, type ContractScope, type ScopeRoomType } from '@shared/contracts/scope'
import { Checkbox } from '@web/components/ui/checkbox'
import { Label } from '@web/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@web/components/ui/radio-group'
import { useScopeSpaces, type ScopeSpace } from '../api'

// A rink is ice to the people who sell it; the type's own name follows so nobody has to guess.
const TYPE_LABELS: Record<ScopeRoomType, string> = { rink: 'Ice (rinks)', court: 'Courts', room: 'Rooms', field: 'Fields' }

type ContractForm = UseFormReturn<ContractFormValues, unknown, ContractInput>

function toggled<Item>(list: readonly Item[], item: Item, isChecked: boolean): Item[] {
  const others = list.filter((value) => value !== item)
  return isChecked ? [...others, item] : others
}

/**
 * 'Applies to': all spaces, some space types or chosen spaces (ADR 0029). A booking elsewhere is
 * charged to the client's next contract that applies. Both lists are kept while the operator
 * switches; only the chosen one is saved.
 */
export function AppliesToField({ form }: { form: ContractForm }) {
  const headingId = useId()
  const errorId = useId()
  const [appliesTo, roomTypes, spaceIds] = useWatch({ control: form.control, name: ['appliesTo', 'roomTypes', 'spaceIds'] })
  const { errors, isSubmitted } = form.formState
  const error = appliesTo === 'types' ? errors.roomTypes?.message : appliesTo === 'spaces' ? errors.spaceIds?.message : undefined

  const options = { shouldDirty: true, shouldValidate: isSubmitted }

  return (
    <div className="grid gap-3">
      <span id={headingId} className="text-sm leading-none font-medium">
        Applies to
      </span>
      <RadioGroup
        aria-labelledby={headingId}
        value={appliesTo ?? 'all'}
        onValueChange={(value) => form.setValue('appliesTo', value as ContractScope, options)}
        className="flex flex-wrap gap-x-5 gap-y-2"
      >
        {CONTRACT_SCOPES.map((scope) => (
          <ScopeOption key={scope} scope={scope} />
        ))}
      </RadioGroup>
      {appliesTo === 'types' ? (
        <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
          <legend className="sr-only">Space types</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {SCOPE_ROOM_TYPES.map((type) => (
              <CheckboxOption
                key={type}
                label={TYPE_LABELS[type]}
                isChecked={(roomTypes ?? []).includes(type)}
                onChange={(isChecked) => form.setValue('roomTypes', toggled(roomTypes ?? [], type, isChecked), options)}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      {appliesTo === 'spaces' ? (
        <SpaceChoices
          chosen={spaceIds ?? []}
          describedBy={error ? errorId : undefined}
          onChange={(id, isChecked) => form.setValue('spaceIds', toggled(spaceIds ?? [], id, isChecked), options)}
        />
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function ScopeOption({ scope }: { scope: ContractScope }) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <RadioGroupItem id={id} value={scope} />
      <Label htmlFor={id} className="font-normal">
        {CONTRACT_SCOPE_LABELS[scope]}
      </Label>
    </div>
  )
}

function CheckboxOption({ label, isChecked, onChange }: { label: string; isChecked: boolean; onChange: (isChecked: boolean) => void }) {
  const id = useId()
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Checkbox id={id} checked={isChecked} onCheckedChange={(checked) => onChange(checked === true)} />
      <Label htmlFor={id} className="min-w-0 font-normal break-words">
        {label}
      </Label>
    </div>
  )
}

/** The organisation's bookable spaces, one group per facility. */
function SpaceChoices({
  chosen,
  describedBy,
  onChange,
}: {
  chosen: readonly string[]
  describedBy: string | undefined
  onChange: (id: string, isChecked: boolean) => void
}) {
  const spaces = useScopeSpaces(true)
  if (spaces.isPending) return <p className="text-sm text-muted-foreground">Loading spaces...</p>
  if (spaces.isError) return <p className="text-sm text-destructive">Failed to load spaces</p>
  if (spaces.data.length === 0) return <p className="text-sm text-muted-foreground">No spaces yet.</p>
  const facilities = new Map<string, { name: string; spaces: ScopeSpace[] }>()
  for (const space of spaces.data) {
    const facility = facilities.get(space.facilityId) ?? { name: space.facilityName, spaces: [] }
    facility.spaces.push(space)
    facilities.set(space.facilityId, facility)
  }
  return (
    <div className="grid gap-3">
      {[...facilities.entries()].map(([facilityId, facility]) => (
        <fieldset key={facilityId} className="grid gap-2" aria-describedby={describedBy}>
          <legend className="mb-1 text-sm text-muted-foreground">{facility.name}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {facility.spaces.map((space) => (
              <CheckboxOption
                key={space.id}
                label={space.name}
                isChecked={chosen.includes(space.id)}
                onChange={(isChecked) => onChange(space.id, isChecked)}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  )
}
