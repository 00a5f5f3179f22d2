'use client';

import type { Beneficiary } from '@/lib/contract/wallets';
import { CustomerRecordsSection } from './customer-records-section';

/** The customer's saved beneficiaries; a holder of wallet:manage may deactivate one (after a confirmation). */
export function CustomerBeneficiariesSection({ customerId }: { customerId: string }) {
  return (
    <CustomerRecordsSection<Beneficiary>
      customerId={customerId}
      title="Beneficiaries"
      resource="beneficiaries"
      testId="customer-beneficiaries"
      empty="No beneficiaries yet."
      describe={(b) => (
        <>
          <span className="font-medium">{b.name}</span>
          <span className="block break-all font-mono text-xs text-ink-muted">{b.iban}</span>
        </>
      )}
      action={{
        verb: 'deactivate',
        when: 'ACTIVE',
        label: 'Deactivate',
        srLabel: (b) => b.name,
        confirmTitle: 'Deactivate beneficiary',
        done: 'Beneficiary deactivated',
        explain: (b) => (
          <>
            No more transfers can be sent to <strong>{b.name}</strong> ({b.iban}). Transfers already sent are not affected.
          </>
        ),
      }}
    />
  );
}
