'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from './form-errors';

/**
 * A react-hook-form form on a contract schema whose submit maps the server's answer back: field
 * errors onto the fields, the rest into `alert` (render it with <FormAlert>).
 */
export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  onValid: (values: z.output<S>, form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => Promise<void>,
  options: Parameters<typeof applyServerErrors>[2] = {},
) {
  const [alert, setAlert] = useState<string[]>([]);
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema as never) as never, defaultValues });
  const submit = form.handleSubmit(async (values) => {
    setAlert([]);
    try {
      await onValid(values, form);
    } catch (error) {
      setAlert(applyServerErrors(error, form.setError, options));
    }
  });
  return { form, alert, submit, errors: form.formState.errors, pending: form.formState.isSubmitting };
}
