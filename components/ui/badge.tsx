/** A status pill; the colour follows the meaning of the status, the text always says it. */
const TONES = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  bad: 'bg-rose-50 text-rose-800 ring-rose-600/20',
  warn: 'bg-amber-50 text-amber-900 ring-amber-600/20',
  info: 'bg-brand-50 text-brand-700 ring-brand-600/20',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
} as const;
export type Tone = keyof typeof TONES;

const STATUS_TONES: Record<string, Tone> = {
  ACTIVE: 'good',
  APPROVED: 'good',
  ACCEPTED: 'good',
  SUCCEEDED: 'good',
  ENABLED: 'good',
  REJECTED: 'bad',
  FAILED: 'bad',
  CLOSED: 'bad',
  DISABLED: 'bad',
  LOCKED: 'bad',
  CANCELED: 'neutral',
  WITHDRAWN: 'neutral',
  MISSING: 'warn',
  SUSPENDED: 'warn',
  FROZEN: 'warn',
  REVISION_REQUESTED: 'warn',
  PENDING_ACTIVATION: 'info',
  PENDING_REVIEW: 'info',
  IN_REVIEW: 'info',
  PENDING: 'info',
  NOT_STARTED: 'neutral',
};

export function Badge({ status, tone, children }: { status?: string | null; tone?: Tone; children?: React.ReactNode }) {
  const t = tone ?? (status ? (STATUS_TONES[status] ?? 'neutral') : 'neutral');
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[t]}`}>
      {children ?? (status ? status.replaceAll('_', ' ').toLowerCase() : '—')}
    </span>
  );
}
