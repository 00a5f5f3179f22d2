import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/** Shared look of text-like controls; the ring turns red when the control is invalid. */
export const controlClass = (invalid?: boolean) =>
  `mt-1 block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-ink shadow-sm ring-1 ring-inset placeholder:text-ink-subtle focus:ring-2 focus:ring-inset ${
    invalid ? 'ring-rose-400 focus:ring-rose-600' : 'ring-slate-300 focus:ring-brand-600'
  }`;

/** Label, control, hint and error wired together with htmlFor and aria-describedby. */
export function FieldFrame({ id, label, error, hint, className = '', children }: { id: string; label: string; error?: string; hint?: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} role={error ? 'alert' : undefined} className={error ? 'mt-1 text-xs font-medium text-rose-700' : 'sr-only'}>
        {error ?? ''}
      </p>
    </div>
  );
}

export const describedBy = (id: string, error?: string, hint?: string) => [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  hint?: string;
  options: readonly (string | { value: string; label: string })[];
  placeholder?: string;
};

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField({ label, error, hint, id, className, options, placeholder, ...props }, ref) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldFrame id={selectId} label={label} error={error} hint={hint} className={className}>
      <select ref={ref} id={selectId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(selectId, error, hint)} className={controlClass(Boolean(error))} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => {
          const opt = typeof o === 'string' ? { value: o, label: o.replaceAll('_', ' ').toLowerCase() } : o;
          return (
            <option key={opt.value} value={opt.value}>
              {opt.label}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
});

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string };

export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaProps>(function TextareaField({ label, error, hint, id, className, ...props }, ref) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <FieldFrame id={areaId} label={label} error={error} hint={hint} className={className}>
      <textarea
        ref={ref}
        id={areaId}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(areaId, error, hint)}
        className={controlClass(Boolean(error))}
        {...props}
      />
    </FieldFrame>
  );
});

type CheckboxProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; error?: string };

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, error, id, className = '', ...props }, ref) {
  const generated = useId();
  const boxId = id ?? generated;
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          ref={ref}
          id={boxId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${boxId}-error` : undefined}
          className="mt-0.5 h-4 w-4 rounded border-slate-400 text-brand-600"
          {...props}
        />
        <label htmlFor={boxId} className="text-sm text-ink">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${boxId}-error`} role="alert" className="mt-1 text-xs font-medium text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  );
});
