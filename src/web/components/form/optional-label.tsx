// The space keeps the accessible name readable ("Address (optional)"); the label's gap spaces it visually.
export function OptionalLabel({ children }: { children: string }) {
  return (
    <>
      {children} <span className="font-normal text-muted-foreground">(optional)</span>
    </>
  )
}
