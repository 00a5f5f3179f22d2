import { Button } from '@/components/ui/button';

/** The pieces both registration wizards render the same way: the review list and the step buttons. */

/** The review step: label/value pairs. */
export function ReviewList({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]" data-testid="review">
      {rows.map(([k, val]) => (
        <div key={k} className="contents">
          <dt className="text-ink-muted">{k}</dt>
          <dd className="break-words font-medium">{val}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Back, discard draft, and next / review / the final submit (disabled while pending). */
export function WizardActions({
  step,
  review,
  pending,
  submitLabel,
  onBack,
  onDiscard,
}: {
  step: number;
  review: number;
  pending: boolean;
  submitLabel: string;
  onBack: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-between gap-2">
      <Button type="button" variant="secondary" disabled={step === 0} onClick={onBack}>
        Back
      </Button>
      <div className="flex gap-2">
        <Button type="button" variant="ghost" onClick={onDiscard}>
          Discard draft
        </Button>
        {step === review ? (
          <Button type="submit" disabled={pending}>
            {pending ? 'Registering…' : submitLabel}
          </Button>
        ) : (
          <Button type="submit">{step === review - 1 ? 'Review' : 'Next'}</Button>
        )}
      </div>
    </div>
  );
}

/** After a reload: the draft is back, but secrets and files were never stored; say which to enter again. */
export function ResumedDraftNotice({ fields, onDismiss }: { fields: string[]; onDismiss: () => void }) {
  return (
    <div role="status" data-testid="resumed-draft" className="flex flex-wrap items-start justify-between gap-2 rounded-md bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-200">
      <p>
        Your draft was restored. For your security these were not kept and must be entered again: <strong>{fields.join(', ')}</strong>.
      </p>
      <Button type="button" variant="ghost" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
