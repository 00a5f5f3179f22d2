'use client';

import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { DialogActions } from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/input';
import { FormAlert } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { formatMoney, Money } from '@/components/wallets/money';
import { rejectTransferBodySchema, type Transfer } from '@/lib/contract/wallets';
import { apiFetch } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';

export const payeeOf = (t: Transfer) => (t.destinationWallet ? `wallet ${t.destinationWallet.name}` : (t.beneficiary?.name ?? ''));

/** The source wallet's balance before and after an undecided transfer (the server's figures), else its balance now. */
export function SourceBalance({ transfer: t }: { transfer: Transfer }) {
  const w = t.sourceWallet;
  if (w.balanceBefore === null || w.balanceAfter === null) {
    return (
      <p className="text-sm text-ink-muted" data-testid="source-balance">
        Wallet balance now <Money amount={w.balance} currency={t.currency} />
      </p>
    );
  }
  return (
    <p className="text-sm text-ink-muted" data-testid="source-balance">
      Balance <Money amount={w.balanceBefore} currency={t.currency} /> before, <Money amount={w.balanceAfter} currency={t.currency} /> after
      {t.status === 'PENDING_APPROVAL' ? ' (the amount is held until the decision)' : ''}
    </p>
  );
}

/** Approve or reject a transfer awaiting approval, after saying what it does; a rejection may give a reason. */
export function DecisionForm({ transfer, decision, onDone }: { transfer: Transfer; decision: 'approve' | 'reject'; onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const schema = rejectTransferBodySchema.unwrap() as unknown as z.ZodType<{ reason?: string }, { reason?: string }>;
  const { form, alert, submit, errors, pending } = useContractForm(schema, {}, async (values) => {
    const done = await apiFetch<Transfer>(`/api/v2.1/transfers/${transfer.id}/${decision}`, { method: 'POST', ...(decision === 'reject' ? { json: values } : {}) });
    await client.invalidateQueries({ queryKey: ['transfers'] });
    await client.invalidateQueries({ queryKey: ['transfer', transfer.id] });
    toast(
      done.status === 'FAILED' ? 'error' : 'success',
      `Transfer ${transfer.id.slice(0, 8)} is now ${done.status.replaceAll('_', ' ').toLowerCase()}.${done.status === 'FAILED' ? ` ${done.rejectionReason ?? ''}` : ''}`,
    );
    onDone();
  });
  const amount = formatMoney(transfer.amount, transfer.currency);
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-ink-muted">
        {decision === 'approve'
          ? `${amount} leaves ${transfer.customerName}'s wallet ${transfer.sourceWallet.name} for good and goes to ${payeeOf(transfer)}. This cannot be undone.`
          : `${amount} goes back to ${transfer.customerName}'s wallet ${transfer.sourceWallet.name} and ${transfer.initiatedByName}'s request ends. This cannot be undone.`}
      </p>
      <FormAlert messages={alert} />
      {decision === 'reject' ? (
        <TextareaField label="Reason (optional)" error={errors.reason?.message} {...form.register('reason', { setValueAs: (v: unknown) => (v === '' ? undefined : v) })} />
      ) : null}
      <DialogActions
        onCancel={onDone}
        pending={pending}
        label={decision === 'approve' ? 'Approve transfer' : 'Reject transfer'}
        pendingLabel="Saving…"
        variant={decision === 'approve' ? 'primary' : 'danger'}
      />
    </form>
  );
}
