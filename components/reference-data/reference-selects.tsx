'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { ComboBox, type ComboOption } from '@/components/ui/combobox';
import type { ReferenceDataKind, ReferenceItem } from '@/lib/contract/reference-data';
import { apiFetch } from '@/lib/ui/fetcher';

/**
 * The searchable country and currency selects of every form (docs/reference-data.md), fed by GET
 * /api/v2.1/reference-data/{kind} through react-query: fetched once per page load and kept (the
 * server's ETag and Cache-Control let the browser revalidate it for nothing). The value stays the
 * ISO code the API takes.
 */
export function useReferenceList<K extends ReferenceDataKind>(kind: K) {
  return useQuery({
    queryKey: ['reference-data', kind],
    queryFn: async () => (await apiFetch<{ kind: K; version: string; items: ReferenceItem<K>[] }>(`/api/v2.1/reference-data/${kind}`)).items,
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
  });
}

function useCountryOptions(): { options: ComboOption[]; loading: boolean; failed: boolean } {
  const list = useReferenceList('countries');
  const options = useMemo(() => (list.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })), [list.data]);
  return { options, loading: list.isPending, failed: list.isError };
}

function useCurrencyOptions(supportedOnly: boolean): { options: ComboOption[]; loading: boolean; failed: boolean } {
  const list = useReferenceList('currencies');
  const options = useMemo(() => (list.data ?? []).filter((c) => !supportedOnly || c.supported).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` })), [list.data, supportedOnly]);
  return { options, loading: list.isPending, failed: list.isError };
}

interface SelectProps {
  label: string;
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  id?: string;
  name?: string;
  disabled?: boolean;
  className?: string;
}

/** A country chosen by name or code (ISO 3166-1 alpha-2), controlled. */
export function CountrySelect(props: SelectProps) {
  const { options, loading, failed } = useCountryOptions();
  return <ComboBox {...props} options={options} loading={loading} freeText={failed} placeholder="Type a country or its code…" />;
}

/** A currency chosen by code or name (ISO 4217), controlled; `supportedOnly`: the ones wallets and cards hold. */
export function CurrencySelect({ supportedOnly = false, ...props }: SelectProps & { supportedOnly?: boolean }) {
  const { options, loading, failed } = useCurrencyOptions(supportedOnly);
  return <ComboBox {...props} options={options} loading={loading} freeText={failed} placeholder="Type a currency or its code…" />;
}

interface FieldProps<V extends FieldValues> {
  control: Control<V>;
  name: FieldPath<V>;
  label: string;
  error?: string;
  hint?: string;
  /** an optional field: cleared, it holds undefined (as `setValueAs` of the text inputs did) */
  optional?: boolean;
  className?: string;
}

function useCodeField<V extends FieldValues>({ control, name, optional }: Pick<FieldProps<V>, 'control' | 'name' | 'optional'>) {
  const { field } = useController({ control, name });
  return {
    name: field.name,
    value: typeof field.value === 'string' ? field.value : '',
    onChange: (code: string) => field.onChange(code === '' && optional ? undefined : code),
    onBlur: field.onBlur,
    inputRef: field.ref,
  };
}

/** CountrySelect bound to a react-hook-form field: the drop-in for a `<Field {...register('country')} />`. */
export function CountryField<V extends FieldValues>({ control, name, optional, ...rest }: FieldProps<V>) {
  const { options, loading, failed } = useCountryOptions();
  const bound = useCodeField({ control, name, optional });
  return <ComboBox {...rest} {...bound} options={options} loading={loading} freeText={failed} placeholder="Type a country or its code…" />;
}

/** CurrencySelect bound to a react-hook-form field. */
export function CurrencyField<V extends FieldValues>({ control, name, optional, supportedOnly = false, ...rest }: FieldProps<V> & { supportedOnly?: boolean }) {
  const { options, loading, failed } = useCurrencyOptions(supportedOnly);
  const bound = useCodeField({ control, name, optional });
  return <ComboBox {...rest} {...bound} options={options} loading={loading} freeText={failed} placeholder="Type a currency or its code…" />;
}
