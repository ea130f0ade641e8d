import { useId, useState, type ComponentProps, type ReactNode } from 'react'
import { CheckIcon } from 'lucide-react'
import { COLOR_PALETTE, paletteColorOf, readableTextColor } from '@shared/colors'
import { cn } from '@web/lib/utils'

const CUSTOM = 'custom'

type ColorSwatchesProps = Omit<ComponentProps<'div'>, 'onChange' | 'children'> & {
  value: string
  /** A swatch's colour as '#rrggbb'; 'Custom' keeps the value and shows `custom` to edit it. */
  onChange: (color: string) => void
  /** The hex entry, shown while 'Custom' is chosen, which it is whenever the value is not a swatch's. */
  custom: ReactNode
  disabled?: boolean
}

/**
 * The palette's 8 colours as one radio group, then 'Custom' (docs/product.md#events). Name it
 * like any radio group (aria-labelledby, which FormField's control props carry). The radios are
 * the browser's own, drawn as swatches: arrow keys move between them and choose, looping round,
 * and Tab leaves the group, with no script (and none of a library's weight in the dialogs'
 * budget, docs/benchmarks.md).
 */
export function ColorSwatches({ value, onChange, custom, className, disabled, id, ...groupProps }: ColorSwatchesProps) {
  // Choosing 'Custom' on a swatch's colour keeps the colour, so the choice itself is remembered.
  const [wantsCustom, setWantsCustom] = useState(false)
  const swatch = wantsCustom ? undefined : paletteColorOf(value)
  const name = useId()

  const choose = (choice: string) => {
    setWantsCustom(choice === CUSTOM)
    if (choice !== CUSTOM) onChange(choice)
  }

  // Each radio lies invisibly over the swatch drawn for it, so a click or a tap lands on the radio itself.
  return (
    <div data-slot="color-swatches" className={cn('grid gap-3', className)}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div {...groupProps} id={id} role="radiogroup" className="flex flex-wrap items-center gap-1.5">
          {COLOR_PALETTE.map(({ name: colorName, hex }) => (
            <label key={hex} title={colorName} className="relative grid shrink-0 cursor-pointer has-disabled:cursor-not-allowed">
              <input
                type="radio"
                name={name}
                value={hex}
                aria-label={colorName}
                checked={swatch?.hex === hex}
                disabled={disabled}
                onChange={() => choose(hex)}
                className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
              />
              <span
                aria-hidden="true"
                style={{ backgroundColor: hex, color: readableTextColor(hex) }}
                className={cn(
                  'pointer-events-none grid size-8 place-content-center rounded-full border border-black/25 shadow-xs [&>svg]:invisible peer-checked:[&>svg]:visible',
                  'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background',
                  'peer-disabled:opacity-50',
                )}
              >
                <CheckIcon className="size-4" strokeWidth={3} />
              </span>
            </label>
          ))}
          <label className="relative grid shrink-0 cursor-pointer has-disabled:cursor-not-allowed">
            <input
              type="radio"
              name={name}
              value={CUSTOM}
              checked={swatch === undefined}
              disabled={disabled}
              onChange={() => choose(CUSTOM)}
              className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
            />
            <span
              className={cn(
                'pointer-events-none inline-flex h-8 items-center gap-1 rounded-full border border-input px-3 text-sm font-medium shadow-xs [&>svg]:hidden peer-checked:[&>svg]:block',
                'peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground',
                'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background',
                'peer-disabled:opacity-50',
              )}
            >
              <CheckIcon className="size-3.5" aria-hidden="true" />
              Custom
            </span>
          </label>
        </div>
        {/* The chosen swatch's name in words, for whoever tells colours apart poorly; a screen reader has it from the radio. */}
        {swatch ? (
          <span className="text-sm text-muted-foreground" aria-hidden="true">
            {swatch.name}
          </span>
        ) : null}
      </div>
      {swatch ? null : custom}
    </div>
  )
}
