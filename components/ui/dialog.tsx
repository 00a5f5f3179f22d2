'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';

/**
 * A modal on the native <dialog>: focus moves into it and back, Escape closes it, the rest of the
 * page is inert while it is open.
 */
export function Dialog({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  /** this component closed the dialog itself (its `open` turned false): the close event that follows is not news */
  const closedByUs = useRef(false);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) {
      closedByUs.current = true;
      d.close();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // The browser fires the close event a task after close(): by then the page may have asked for
      // the next dialog on this element, which the late event would shut. So only a close this
      // component did not make is passed on; Escape is taken here (cancel), and closes through
      // `open` like every other way out.
      onClose={() => {
        if (closedByUs.current) closedByUs.current = false;
        else onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      {open ? (
        <div className="p-5">
          <h2 id={titleId} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          <div className="mt-3">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}

/** The buttons at the foot of a dialog's form: Cancel and the submit button (disabled while pending). */
export function DialogActions({
  onCancel,
  pending,
  label,
  pendingLabel,
  variant = 'primary',
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel?: string;
  variant?: 'primary' | 'danger';
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} disabled={pending}>
        {pending && pendingLabel ? pendingLabel : label}
      </Button>
    </div>
  );
}
