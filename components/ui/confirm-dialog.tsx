'use client';

import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { FormAlert } from './page-header';

/**
 * "Are you sure?" before anything that cannot be taken back (or that hurts a customer until undone):
 * says what will happen, names the thing, and runs `onConfirm` only on the explicit button.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
  variant = 'danger',
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  variant?: 'danger' | 'primary';
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <div className="space-y-3 text-sm">
        {children}
        <FormAlert messages={error ? [error] : []} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant={variant} disabled={pending} onClick={onConfirm}>
            {pending ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
