/** The wizard's progress: an ordered list, the current step marked with aria-current. */
export function Stepper({ steps, current, onSelect }: { steps: readonly string[]; current: number; onSelect?: (index: number) => void }) {
  return (
    <nav aria-label="Progress">
      <ol className="flex flex-wrap gap-2">
        {steps.map((label, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'todo';
          const cls =
            state === 'current'
              ? 'bg-brand-600 text-white'
              : state === 'done'
                ? 'bg-brand-50 text-brand-700 ring-1 ring-inset ring-brand-600/30'
                : 'bg-white text-ink-muted ring-1 ring-inset ring-slate-300';
          const content = (
            <>
              <span aria-hidden className="font-mono">
                {i + 1}
              </span>{' '}
              {label}
              {state === 'done' ? <span className="sr-only"> (done)</span> : null}
            </>
          );
          return (
            <li key={label}>
              {onSelect && i < current ? (
                <button type="button" onClick={() => onSelect(i)} className={`rounded-full px-3 py-1 text-xs font-semibold ${cls}`}>
                  {content}
                </button>
              ) : (
                <span aria-current={state === 'current' ? 'step' : undefined} className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${cls}`}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
