'use client';

import { useEffect, useEffectEvent, useId, useMemo, useRef, useState, type Ref } from 'react';

export interface ComboOption {
  value: string;
  label: string;
}

/** Folds case and diacritics: "côte" finds "Côte d'Ivoire", "ALAND" finds "Åland Islands". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Options matching the query: an exact code first, then labels starting with it, then labels or codes containing it. */
export function filterOptions(options: readonly ComboOption[], query: string): ComboOption[] {
  const q = fold(query.trim());
  if (!q) return [...options];
  const exact: ComboOption[] = [];
  const starts: ComboOption[] = [];
  const contains: ComboOption[] = [];
  for (const o of options) {
    const label = fold(o.label);
    const value = fold(o.value);
    if (value === q) exact.push(o);
    else if (label.startsWith(q) || label.split(/[\s(,'-]+/).some((w) => w.startsWith(q))) starts.push(o);
    else if (label.includes(q) || value.includes(q)) contains.push(o);
  }
  return [...exact, ...starts, ...contains];
}

export interface ComboBoxProps {
  label: string;
  options: readonly ComboOption[];
  /** the chosen option's value ('' for none) */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  placeholder?: string;
  id?: string;
  name?: string;
  disabled?: boolean;
  /** the list is still loading: the field shows the value as it is */
  loading?: boolean;
  /** no list to choose from (it failed to load): what is typed is taken as the value, upper-cased */
  freeText?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * A searchable select (the WAI-ARIA 1.2 combobox pattern with a listbox popup): type to filter by
 * name or code, ArrowDown/ArrowUp to move, Enter to choose, Escape to close; leaving the field with
 * an exact code or name typed chooses it, anything else goes back to the chosen value. The value is
 * the option's code, so a form sends what it always sent. The list drops below the field at its full
 * width and scrolls, which fits a 375 px screen.
 */
export function ComboBox({ label, options, value, onChange, onBlur, error, hint, placeholder, id, name, disabled, loading, freeText, inputRef, className = '' }: ComboBoxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const listId = `${inputId}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const chosen = useMemo(() => options.find((o) => o.value === value), [options, value]);
  const shown = query ?? (chosen ? chosen.label : value);
  // a whole code typed ("DE", "eur") is a complete answer: no list over the rest of the form (it is chosen on leaving the field)
  const wholeCode = query !== null && options.some((o) => fold(o.value) === fold(query.trim()));
  const matches = useMemo(() => (open && !wholeCode ? filterOptions(options, query ?? '') : []), [open, wholeCode, options, query]);
  const activeOption = matches[Math.min(active, matches.length - 1)];

  useEffect(() => {
    if (!open || !activeOption) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-value="${CSS.escape(activeOption.value)}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeOption]);

  const choose = (option: ComboOption | undefined) => {
    if (option && option.value !== value) onChange(option.value);
    setQuery(null);
    setOpen(false);
  };

  /** Leaving the field: an exact code or name typed is chosen; an emptied field clears; anything else is dropped. */
  const commit = () => {
    if (query === null) return;
    const typed = query.trim();
    if (typed === '') {
      if (value !== '') onChange('');
    } else {
      const f = fold(typed);
      const exact = options.find((o) => fold(o.value) === f || fold(o.label) === f);
      if (exact) {
        if (exact.value !== value) onChange(exact.value);
      } else if ((freeText || options.length === 0) && typed.toUpperCase() !== value) {
        // no list to match against (it failed, or is still loading): the code as typed
        onChange(typed.toUpperCase());
      }
    }
    setQuery(null);
  };

  // another control of the form changed while the list is open (a select chosen, a file picked): the reader moved on
  const onChangeElsewhere = useEffectEvent((e: Event) => {
    if ((e.target as Element | null)?.id === inputId) return;
    commit();
    setOpen(false);
  });
  useEffect(() => {
    if (!open) return;
    const listener = (e: Event) => onChangeElsewhere(e);
    document.addEventListener('change', listener, true);
    return () => document.removeEventListener('change', listener, true);
  }, [open]);

  const hintText = error ? null : freeText ? 'The list could not be loaded: type the code.' : hint;
  // the list loading is said inside the field, not on a line of its own: a line that went away when
  // the list arrived moved everything below it, and a click aimed at Next landed on nothing
  const describedBy = [error ? `${inputId}-error` : null, hintText ? `${inputId}-hint` : null, loading && !error ? `${inputId}-loading` : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`relative ${className}`}>
      <label htmlFor={inputId} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          placeholder={placeholder ?? 'Type to search…'}
          aria-autocomplete="list"
          aria-expanded={open && matches.length > 0}
          aria-controls={listId}
          aria-activedescendant={open && activeOption ? `${listId}-${activeOption.value}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={shown}
          className={`block w-full rounded-md border-0 py-2 pl-3 ${loading ? 'pr-24' : 'pr-3'} text-sm text-ink shadow-sm ring-1 ring-inset placeholder:text-ink-subtle focus:ring-2 focus:ring-inset ${
            error ? 'ring-rose-400 focus:ring-rose-600' : 'ring-slate-300 focus:ring-brand-600'
          }`}
          onChange={(e) => {
            const typed = e.target.value;
            setQuery(typed);
            setActive(0);
            setOpen(true);
            // a whole code typed is the answer already: the form holds it before the field is left (a click on Next reads it)
            const whole = options.find((o) => fold(o.value) === fold(typed.trim()));
            if (whole && whole.value !== value) onChange(whole.value);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => {
            commit();
            setOpen(false);
            onBlur?.();
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              if (!open) {
                setOpen(true);
                const at = matches.length
                  ? 0
                  : Math.max(
                      0,
                      options.findIndex((o) => o.value === value),
                    );
                setActive(at);
                return;
              }
              const n = matches.length;
              if (n) setActive((i) => (e.key === 'ArrowDown' ? (Math.min(i, n - 1) + 1) % n : (Math.min(i, n - 1) - 1 + n) % n));
            } else if (e.key === 'Enter') {
              if (open && activeOption) {
                e.preventDefault();
                choose(activeOption);
              }
            } else if (e.key === 'Escape') {
              if (open || query !== null) {
                e.preventDefault();
                setQuery(null);
                setOpen(false);
              }
            }
          }}
        />
        {loading ? (
          <span id={`${inputId}-loading`} className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs text-ink-muted">
            Loading the list…
          </span>
        ) : null}
      </div>
      {/* always in the page (aria-controls names it), hidden while closed */}
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        // not the field's label: a locator or a screen reader looking for the field by its label finds the field alone
        aria-label="Suggestions"
        hidden={!(open && matches.length > 0)}
        className="absolute left-0 right-0 z-20 mt-1 max-h-60 overflow-auto rounded-md bg-white py-1 text-sm shadow-card ring-1 ring-slate-200"
      >
        {matches.map((o, i) => {
          const isActive = o === activeOption;
          return (
            <li
              key={o.value}
              id={`${listId}-${o.value}`}
              data-value={o.value}
              role="option"
              aria-selected={o.value === value}
              className={`cursor-pointer px-3 py-2 ${isActive ? 'bg-brand-50 text-ink' : 'text-ink'} ${o.value === value ? 'font-semibold' : ''}`}
              // mousedown, not click: the input keeps its focus until the choice is made
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {o.label}
            </li>
          );
        })}
      </ul>
      {hintText ? (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-ink-muted">
          {hintText}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="mt-1 text-xs font-medium text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
