// At this pace a line of news can be read as it passes, whatever its length.
const SECONDS_PER_CHARACTER = 0.28
const MIN_SECONDS = 15

export function Ticker({ text }: { text: string }) {
  return (
    <footer className="flex items-center border-t bg-card text-card-foreground">
      <p className="shrink-0 self-stretch bg-primary px-[clamp(0.75rem,2vmin,2rem)] py-[clamp(0.4rem,1.2vmin,1.25rem)] text-[clamp(1rem,2.8vmin,3rem)] font-bold tracking-wide text-primary-foreground uppercase">
        News
      </p>
      <div className="min-w-0 flex-1 overflow-hidden">
        <p
          className="board-ticker inline-block pl-[100%] text-[clamp(1rem,2.8vmin,3rem)] whitespace-nowrap motion-reduce:block motion-reduce:truncate motion-reduce:pl-[2vmin]"
          style={{ animationDuration: `${Math.max(MIN_SECONDS, text.length * SECONDS_PER_CHARACTER)}s` }}
        >
          {text}
        </p>
      </div>
    </footer>
  )
}
