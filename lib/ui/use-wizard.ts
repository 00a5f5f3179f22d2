'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The registration wizards' machinery: one react-hook-form form whose resolver is the current
 * step's contract schema, back/next with the step heading focused, and a draft in localStorage
 * (restored once on mount, saved on every change) that never holds what `withoutSecrets` removes.
 */
export interface WizardStep {
  label: string;
  schema: z.ZodType;
  /** the form paths (request paths) this step owns; the longest matching prefix wins */
  prefixes: readonly string[];
}

/** The step that owns a form or request path, or null. */
export function stepOfPath(steps: readonly WizardStep[], path: string): number | null {
  let best: { step: number; length: number } | null = null;
  steps.forEach((s, step) => {
    for (const p of s.prefixes) if ((path === p || path.startsWith(`${p}.`)) && (!best || p.length > best.length)) best = { step, length: p.length };
  });
  return (best as { step: number } | null)?.step ?? null;
}

/** The dotted paths of every error in react-hook-form's nested errors object. */
export function errorPaths(errors: object, base = ''): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || !value || typeof value !== 'object') continue;
    const path = base ? `${base}.${key}` : key;
    if (typeof (value as { type?: unknown }).type === 'string') paths.push(path);
    else paths.push(...errorPaths(value as object, path));
  }
  return paths;
}

export function useDraftWizard<V extends FieldValues>({
  steps,
  empty,
  draftKey,
  withoutSecrets,
  maxRestoreStep,
  restoreLocal,
}: {
  steps: readonly WizardStep[];
  empty: V;
  draftKey: string;
  withoutSecrets: (values: V) => V;
  /** a reload restores at most to this step (e.g. the one whose file the draft cannot keep) */
  maxRestoreStep: number;
  /** false: this browser's copy is not the draft to open (a server draft from another device is; lib/ui/use-draft-autosave.ts) */
  restoreLocal?: () => boolean;
}) {
  const [step, setStep] = useState(0);
  const stepRef = useRef(0);
  stepRef.current = step;
  const [alert, setAlert] = useState<string[]>([]);
  const [restored, setRestored] = useState(false);
  /** a draft was restored: the page says which fields (passwords, files) must be entered again */
  const [resumed, setResumed] = useState(false);
  const resolver: Resolver<V> = (values, context, options) => (zodResolver(steps[stepRef.current]!.schema as never) as unknown as Resolver<V>)(values, context, options);
  const form = useForm<V>({ resolver, defaultValues: empty as DefaultValues<V>, mode: 'onSubmit' });
  const { watch, getValues } = form;

  // restore the draft once, then keep saving it (without the secrets)
  useEffect(() => {
    try {
      const raw = restoreLocal && !restoreLocal() ? null : window.localStorage.getItem(draftKey);
      if (raw) {
        const draft = JSON.parse(raw) as { values: V; step: number };
        form.reset(withoutSecrets({ ...empty, ...draft.values }));
        setStep(Math.min(draft.step, maxRestoreStep));
        setResumed(true);
      }
    } catch {
      window.localStorage.removeItem(draftKey);
    }
    setRestored(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per draft, on mount
  }, [draftKey]);
  useEffect(() => {
    if (!restored) return;
    const save = () => window.localStorage.setItem(draftKey, JSON.stringify({ values: withoutSecrets(getValues()), step: stepRef.current }));
    save();
    // eslint-disable-next-line react-hooks/incompatible-library -- a subscription, not a memoized value
    const sub = watch(() => save());
    return () => sub.unsubscribe();
  }, [restored, step, draftKey, watch, getValues, withoutSecrets]);

  // an error clears as soon as its field becomes valid, whether Next, a step's own check or the
  // server set it (a step checked with trigger() leaves react-hook-form's "submitted" state unset,
  // so its re-validation on change never started: "must not be empty" stayed under a filled field)
  useEffect(() => {
    const sub = watch((_, { name, type }) => {
      if (name && type === 'change' && form.getFieldState(name as Path<V>).error) void form.trigger(name as Path<V>);
    });
    return () => sub.unsubscribe();
  }, [watch, form]);

  const go = (to: number) => {
    setAlert([]);
    setStep(to);
    requestAnimationFrame(() => document.getElementById('wizard-step-title')?.focus());
  };
  // through handleSubmit so that, once a step was tried, each field revalidates as it changes
  const next = form.handleSubmit(() => go(stepRef.current + 1));
  const stepOf = (path: string) => stepOfPath(steps, path);
  /** after a server error: the first step holding a field error, or null */
  const firstErrorStep = () => {
    const found = errorPaths(form.formState.errors)
      .map(stepOf)
      .filter((i): i is number => i !== null);
    return found.length ? Math.min(...found) : null;
  };
  const clearDraft = () => window.localStorage.removeItem(draftKey);
  /** a draft from elsewhere (the server): its values without the secrets, at most at maxRestoreStep */
  const restore = (values: V, at: number) => {
    form.reset(withoutSecrets(values));
    setStep(Math.min(at, maxRestoreStep));
    setResumed(true);
  };
  const discard = () => {
    clearDraft();
    setResumed(false);
    form.reset(empty);
    go(0);
  };
  return { form, step, setStep, go, next, alert, setAlert, stepOf, firstErrorStep, clearDraft, discard, restore, resumed, dismissResumed: () => setResumed(false) };
}
