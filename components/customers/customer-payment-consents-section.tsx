'use client';

import { formatMoney } from '@/components/wallets/money';
import type { PaymentConsent } from '@/lib/contract/wallets';
import { CustomerRecordsSection } from './customer-records-section';
import { label, when } from './use-customer';

/** Payment consents of the customer's wallets; a holder of wallet:manage may revoke an authorized one (confirmed). */
export function CustomerPaymentConsentsSection({ customerId }: { customerId: string }) {
  return (
    <CustomerRecordsSection<PaymentConsent>
      customerId={customerId}
      title="Payment consents"
      resource="payment-consents"
      testId="customer-payment-consents"
      empty="No payment consents."
      describe={(p) => (
        <>
          <span className="font-medium first-letter:uppercase">{label(p.scope)}</span>
          <span className="block text-xs text-ink-muted">
            up to {formatMoney(p.maxAmountPerPayment, p.currency)} per payment · until {when(p.expiresAt)}
          </span>
        </>
      )}
      action={{
        verb: 'revoke',
        when: 'AUTHORIZED',
        label: 'Revoke',
        srLabel: (p) => `consent ${p.id.slice(0, 8)}`,
        confirmTitle: 'Revoke payment consent',
        done: 'Payment consent revoked',
        explain: () => 'Transfers that rely on this consent will be refused from now on. This cannot be undone; the customer would have to authorize a new one.',
      }}
    />
  );
}
