'use client';

import { useEffect, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { DRAFT_CONTENT_SCHEMAS, DRAFT_NEVER_KEPT, type Draft, type DraftCustomerType } from '@/lib/contract/drafts';
import { strictInput } from '@/lib/contract/strict';
import { ApiClientError, apiFetch, errorMessage } from './fetcher';
import type { useDraftWizard } from './use-wizard';

/**
 * The registration wizards' server drafts (docs/drafts.md): what is typed is saved to the server
 * after a pause (AUTOSAVE_DELAY_MS, one request at a time, the latest values win), never blocking a
 * keystroke; the page's address names the draft (?draft=<id>), so another device (or a colleague,
 * from the Drafts screen) opens the same registration at its step. What a draft never holds
 * (passwords, files) is left out here and again by the server; a value the draft schema refuses
 * (an email half typed) is left out of that save rather than failing it.
 *
 * This browser's own copy (localStorage, lib/ui/use-wizard.ts) stays the fastest restore for a
 * reload; the link key remembers which server draft it belongs to, so the server's copy is fetched
 * only when the address names another draft.
 */
export const AUTOSAVE_DELAY_MS = 800;

type Wizard<V extends FieldValues> = ReturnType<typeof useDraftWizard<V>>;
export type DraftSaveState = 'idle' | 'saving' | 'saved' | 'failed';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Empty boxes, NaN and the never-kept keys out, at any depth (array positions kept: a representative's index matters). */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => compact(v) ?? {});
  if (isObj(value)) {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) {
      if ((DRAFT_NEVER_KEPT as readonly string[]).includes(k)) continue;
      const c = compact(v);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  return value === '' || value === null || (typeof value === 'number' && Number.isNaN(value)) ? undefined : value;
}

function dropAt(root: Obj, path: readonly PropertyKey[], keys?: readonly string[]): boolean {
  let node: unknown = root;
  for (const part of path.slice(0, keys ? path.length : -1)) node = (node as Obj | undefined)?.[part as string];
  if (keys) {
    if (!isObj(node)) return false;
    for (const k of keys) delete node[k];
    return true;
  }
  const last = path[path.length - 1];
  if (Array.isArray(node) && typeof last === 'number') node[last] = {};
  else if (isObj(node)) delete node[last as string];
  else return false;
  return true;
}

/** The part of the wizard's values a draft takes: what the draft schema (the registration's own field rules) accepts. */
export function draftContent(type: DraftCustomerType, values: unknown): Obj {
  const schema = strictInput(DRAFT_CONTENT_SCHEMAS[type]);
  const content = (compact(values) ?? {}) as Obj;
  for (let round = 0; round < 25; round++) {
    const parsed = schema.safeParse(content);
    if (parsed.success) return content;
    let dropped = false;
    for (const issue of parsed.error.issues) {
      if (!issue.path.length && issue.code !== 'unrecognized_keys') return {};
      dropped = dropAt(content, issue.path, issue.code === 'unrecognized_keys' ? issue.keys : undefined) || dropped;
    }
    if (!dropped) return {};
  }
  return {};
}

/** The wizard's empty values with the draft's over them (arrays: each element over the empty form's first). */
export function mergeDraft<V>(empty: V, content: unknown): V {
  if (Array.isArray(content)) {
    const template = Array.isArray(empty) ? empty[0] : undefined;
    return content.map((c) => (template === undefined ? c : mergeDraft(template, c))) as V;
  }
  if (isObj(empty) && isObj(content)) {
    const out: Obj = { ...empty };
    for (const [k, v] of Object.entries(content)) out[k] = k in empty ? mergeDraft(empty[k], v) : v;
    return out as V;
  }
  return (content === undefined ? empty : content) as V;
}

const linkKey = (type: DraftCustomerType, tenantId: string) => `bp.draftlink.${type.toLowerCase()}.${tenantId}`;
const draftInAddress = () => new URLSearchParams(window.location.search).get('draft');
function setAddress(draftId: string | null) {
  const url = new URL(window.location.href);
  if (draftId) url.searchParams.set('draft', draftId);
  else url.searchParams.delete('draft');
  window.history.replaceState(window.history.state, '', url);
}

/** Whether this browser's local copy is the draft to open: no draft in the address, or the one it is linked to. */
export function restoreLocalDraft(type: DraftCustomerType, tenantId: string): () => boolean {
  return () => {
    const named = draftInAddress();
    return !named || named === window.localStorage.getItem(linkKey(type, tenantId));
  };
}

export function useDraftAutosave<V extends FieldValues>({ wizard, customerType, tenantId, empty }: { wizard: Wizard<V>; customerType: DraftCustomerType; tenantId: string; empty: V }) {
  const [state, setState] = useState<DraftSaveState>('idle');
  const [ready, setReady] = useState(false);
  const id = useRef<string | null>(null);
  const done = useRef(false);
  const idempotencyKey = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef(false);
  const again = useRef(false);
  const lastSent = useRef('');
  const stepRef = useRef(wizard.step);
  useEffect(() => {
    stepRef.current = wizard.step;
  }, [wizard.step]);
  const key = linkKey(customerType, tenantId);
  const headers = { 'X-Tenant-ID': tenantId };

  const link = (draftId: string | null) => {
    id.current = draftId;
    if (draftId) window.localStorage.setItem(key, draftId);
    else window.localStorage.removeItem(key);
    setAddress(draftId);
  };

  // once: which draft this page continues (the address's, else this browser's linked one)
  useEffect(() => {
    void (async () => {
      const named = draftInAddress();
      const linked = window.localStorage.getItem(key);
      if (!named || named === linked) {
        // this browser's copy was restored (lib/ui/use-wizard.ts): keep saving to its server draft
        link(linked && window.localStorage.getItem(`bp.draft.${customerType.toLowerCase()}.${tenantId}`) ? linked : null);
      } else {
        try {
          const draft = await apiFetch<Draft>(`/api/v2.1/drafts/${encodeURIComponent(named)}`, { headers });
          if (draft.customerType !== customerType) throw new Error(`That draft is the registration of ${draft.customerType === 'INDIVIDUAL' ? 'an individual' : 'an organization'}.`);
          const values = mergeDraft(empty, draft.content);
          wizard.restore(values, draft.step);
          lastSent.current = JSON.stringify({ step: draft.step, content: draftContent(customerType, values) });
          link(draft.id);
        } catch (e) {
          link(null);
          wizard.setAlert([`The draft could not be opened. ${errorMessage(e)}`]);
        }
      }
      setReady(true);
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page
  }, []);

  const save = async () => {
    if (done.current || !ready) return;
    if (running.current) {
      again.current = true;
      return;
    }
    if (wizard.form.formState.isSubmitting) return schedule();
    const content = draftContent(customerType, wizard.form.getValues());
    const serial = JSON.stringify({ step: stepRef.current, content });
    if (serial === lastSent.current) return;
    // nothing typed yet: no draft
    if (!id.current && JSON.stringify(content) === JSON.stringify(draftContent(customerType, empty))) return;
    running.current = true;
    setState('saving');
    const json = { customerType, step: stepRef.current, content };
    try {
      if (id.current) {
        await apiFetch<Draft>(`/api/v2.1/drafts/${id.current}`, { method: 'PUT', json, headers });
      } else {
        idempotencyKey.current ??= crypto.randomUUID();
        const created = await apiFetch<Draft>('/api/v2.1/drafts', { method: 'POST', json, headers: { ...headers, 'Idempotency-Key': idempotencyKey.current } });
        idempotencyKey.current = null;
        if (!done.current) link(created.id);
      }
      lastSent.current = serial;
      setState('saved');
    } catch (e) {
      // the draft was discarded, finished or expired elsewhere: the next save starts a new one
      if (e instanceof ApiClientError && [404, 409, 410].includes(e.status) && id.current) {
        link(null);
        again.current = true;
      } else setState('failed');
    } finally {
      running.current = false;
      if (again.current) {
        again.current = false;
        schedule();
      }
    }
  };
  const schedule = () => {
    if (done.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
  };

  useEffect(() => {
    if (!ready) return;
    schedule();
    const sub = wizard.form.watch(() => schedule());
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the subscription follows readiness and the step
  }, [ready, wizard.step]);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** stop saving and forget the link (the registration consumed the draft, or the wizard starts over) */
  const detach = () => {
    done.current = true;
    clearTimeout(timer.current);
    window.localStorage.removeItem(key);
  };
  return {
    state,
    /** what the registration body names: the draft it finishes (consumed with it) */
    reference: (): { draftId?: string } => (id.current ? { draftId: id.current } : {}),
    /** the wizard as useRegistration and RegistrationFrame take it: finishing or discarding also ends the server draft's link */
    wizard: {
      ...wizard,
      clearDraft: () => {
        wizard.clearDraft();
        detach();
      },
      discard: () => {
        // the server copy stays on the Drafts screen (discarded there, with a confirmation, or it expires)
        detach();
        setAddress(null);
        id.current = null;
        lastSent.current = '';
        done.current = false;
        setState('idle');
        wizard.discard();
      },
    },
  };
}
