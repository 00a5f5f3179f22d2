import { Badge } from '@/components/ui/badge';
import { CURRENCY_MINOR_UNITS, type Currency } from '@/lib/contract/money';
import type { TRANSFER_STATUSES } from '@/lib/contract/wallets';

/**
 * Words and amounts of the money screens: an amount formatted by its currency's minor units with
 * thousands separators ("2,500.00 EUR", "1,000 JPY"), and labels for the API's enum keys.
 */
export function formatMoney(amount: string, currency: string): string {
  const units = CURRENCY_MINOR_UNITS[currency as Currency] ?? 2;
  const negative = amount.startsWith('-');
  const [int = '0', frac = ''] = amount.replace(/^[-+]/, '').split('.');
  // grouping by string, so that no amount goes through a float
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = units > 0 ? `.${frac.padEnd(units, '0').slice(0, units)}` : '';
  return `${negative ? '-' : ''}${grouped}${fraction} ${currency}`;
}

export function Money({ amount, currency, sign, testId }: { amount: string; currency: string; sign?: '+' | '-'; testId?: string }) {
  return (
    <span className="whitespace-nowrap font-mono tabular-nums" data-testid={testId}>
      {sign ?? ''}
      {formatMoney(amount, currency)}
    </span>
  );
}

export const ENTRY_KIND_LABELS: Record<string, string> = {
  SANDBOX_FUNDING: 'Sandbox funding',
  TRANSFER_HOLD: 'Held for approval',
  TRANSFER_SETTLEMENT: 'Transfer',
  TRANSFER_RELEASE: 'Returned',
};
/**
 * A statement line in words. A hold is "Held for approval" only while its transfer waits: once
 * approved the money has left (the line is the payment), once rejected or failed it came back.
 */
export function statementLineLabel(kind: string, transferStatus: string | null): string {
  if (kind === 'TRANSFER_HOLD') {
    if (transferStatus === 'COMPLETED') return 'Transfer (approved)';
    if (transferStatus === 'REJECTED') return 'Held, then rejected: returned';
    if (transferStatus === 'FAILED') return 'Held, then failed: returned';
  }
  return ENTRY_KIND_LABELS[kind] ?? kind;
}
/** Every transfer status in words: a new status does not compile without its label. */
export const TRANSFER_STATUS_LABELS: Record<(typeof TRANSFER_STATUSES)[number], string> = {
  PENDING_APPROVAL: 'Pending approval',
  HELD_FOR_REVIEW: 'Held for AML review',
  COMPLETED: 'Completed',
  REJECTED: 'Rejected',
  FAILED: 'Failed',
};
export const transferStatusLabel = (status: string) => TRANSFER_STATUS_LABELS[status as keyof typeof TRANSFER_STATUS_LABELS] ?? status.replaceAll('_', ' ').toLowerCase();
/** A transfer's status in words; a transfer held for AML review stands out (it waits for two officers). */
export function TransferStatusBadge({ status }: { status: string }) {
  return (
    <Badge status={status} tone={status === 'HELD_FOR_REVIEW' ? 'warn' : status === 'PENDING_APPROVAL' ? 'info' : status === 'COMPLETED' ? 'good' : undefined}>
      {transferStatusLabel(status)}
    </Badge>
  );
}
export const TRANSFER_STATUS_OPTIONS = Object.entries(TRANSFER_STATUS_LABELS).map(([value, label]) => ({ value, label }));
export const TRANSFER_TYPE_LABELS: Record<string, string> = { PAYOUT: 'Payout', WALLET_TRANSFER: 'Wallet transfer' };
export const LIMIT_TYPE_LABELS: Record<string, string> = { PER_TRANSACTION: 'Per transaction', DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly' };
export const CONSENT_SCOPE_LABELS: Record<string, string> = { SINGLE_PAYMENT: 'Single payment', RECURRING_PAYMENTS: 'Recurring payments' };

export const shortId = (id: string) => id.slice(0, 8);
export const when = (iso: string) => new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
