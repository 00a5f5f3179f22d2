import { TIMELINE_ACTION_LABELS, type TimelineEvent } from '@/lib/contract/review';
import type { DbOrTx } from '@/lib/db/client';
import { customerAuditLog } from './audit';
import { nameOf, userLabels } from './review-state';

const show = (v: unknown): string => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

const PERSON_KEY = /(UserId|By)$/;

/** "what changed" in words: each key whose value differs, before -> after; new keys as key: value; user ids as names. */
export function describeChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null, name: (id: string) => string = (id) => id): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const val = (k: string, v: unknown) => (PERSON_KEY.test(k) && typeof v === 'string' ? name(v) : show(v));
  return keys
    .filter((k) => show(before?.[k]) !== show(after?.[k]))
    .map((k) => (before && k in before ? `${k}: ${val(k, before[k])} → ${val(k, after?.[k])}` : `${k}: ${val(k, after?.[k])}`))
    .join('; ');
}

/** Every audited event of a customer, oldest first, with the actor's display name and roles. */
export async function customerTimeline(db: DbOrTx, tenantId: string, customerId: string): Promise<TimelineEvent[]> {
  const rows = (await customerAuditLog(db, tenantId, customerId)).reverse();
  const people = rows.flatMap((r) => [r.before, r.after].flatMap((o) => Object.entries(o ?? {}).filter(([k, v]) => PERSON_KEY.test(k) && typeof v === 'string').map(([, v]) => v as string)));
  const labels = await userLabels(db, tenantId, [...rows.map((r) => r.actorUserId), ...people]);
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt,
    action: r.action,
    label: TIMELINE_ACTION_LABELS[r.action] ?? r.action,
    actorUserId: r.actorUserId,
    actorName: nameOf(labels, r.actorUserId, 'Self sign-up / system'),
    actorRoles: r.actorUserId ? (labels.get(r.actorUserId)?.roles ?? []) : [],
    entityType: r.entityType,
    entityId: r.entityId,
    changes: describeChanges(r.before, r.after, (id) => labels.get(id)?.name ?? id),
    before: r.before,
    after: r.after,
  }));
}

const csvCell = (v: string) => {
  // a leading = + - @ would be read as a formula by spreadsheets: quote it with a leading apostrophe
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function timelineCsv(events: TimelineEvent[]): string {
  const header = ['time', 'event', 'action', 'actor', 'actor roles', 'actor id', 'entity type', 'entity id', 'changes'];
  const lines = events.map((e) => [e.at, e.label, e.action, e.actorName, e.actorRoles.join(' '), e.actorUserId ?? '', e.entityType, e.entityId ?? '', e.changes].map(csvCell).join(','));
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
