import type { DraftSaveState } from '@/lib/ui/use-draft-autosave';

const WORDS: Record<DraftSaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Not saved to the server yet; kept in this browser meanwhile',
};

/** The quiet autosave line above a wizard (docs/drafts.md): announced politely, never in the way of typing. */
export function DraftSaveLine({ state }: { state: DraftSaveState }) {
  return (
    <p role="status" aria-live="polite" data-testid="draft-save-state" className={`min-h-5 text-right text-xs ${state === 'failed' ? 'text-amber-800' : 'text-ink-muted'}`}>
      {WORDS[state]}
    </p>
  );
}
