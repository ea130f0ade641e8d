import type { ReactElement } from 'react'
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip'

/** A menu entry's text beside its icon, while the sidebar is collapsed to icons (sidebar.tsx loads it then). */
export function SidebarTooltip({
  text,
  open,
  onOpenChange,
  children,
}: {
  text: string
  open: boolean
  onOpenChange: (open: boolean) => void
  children: ReactElement
}) {
  return (
    <Tooltip open={open} onOpenChange={onOpenChange}>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right" align="center">
        {text}
      </TooltipContent>
    </Tooltip>
  )
}
