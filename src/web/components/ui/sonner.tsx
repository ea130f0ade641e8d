import { useEffect, type CSSProperties } from 'react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'

export { toast } from 'sonner'

let markReady: () => void = () => {}
/**
 * Resolves once the Toaster listens. Sonner drops a toast raised before that, so a screen that
 * can raise one before the lazily loaded Toaster has mounted (the sign-in page) waits for this.
 */
export const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve
})

// Sonner's stock rich-colour text falls just short of 4.5:1 on its tinted backgrounds, so the
// light theme's text colours are darkened. That tuning is why the theme is fixed to light.
const richColourOverrides = {
  '--success-text': '#166534',
  '--info-text': '#1d4ed8',
  '--warning-text': '#9a3412',
  '--error-text': '#b91c1c',
}

/**
 * Mount once near the root; raise toasts with `toast.success(...)` imported from 'sonner'.
 * Sonner drops unknown props, so unlike the other primitives this one carries no data-slot.
 */
function Toaster({ style, ...props }: Omit<ToasterProps, 'theme'>) {
  // Sonner, a child, subscribes in its own effect, which React runs before this one.
  useEffect(() => markReady(), [])
  return (
    <Sonner
      theme="light"
      richColors
      // At the bottom: at the top a toast would lie over the top bar's and the page header's buttons.
      position="bottom-right"
      closeButton
      // Sonner sets its own system font stack; toasts should read like the rest of the app.
      toastOptions={{ className: 'font-sans' }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
          ...richColourOverrides,
          ...style,
        } as CSSProperties
      }
      {...props}
    />
  )
}

export { Toaster }
