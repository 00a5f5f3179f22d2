'use client';

import { useQueryClient } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { BENEFICIARY_STATUSES, type Beneficiary } from '@/lib/contract/wallets';
import { NewBeneficiaryForm } from './beneficiary-form';
import { ManagedList } from './managed-list';
import { useCustomers } from './pickers';

function CreateBeneficiaryForm({ onDone, customerId }: { onDone: () => void; customerId?: string }) {
  const client = useQueryClient();
  const toast = useToast();
  return (
    <NewBeneficiaryForm
      customerId={customerId}
      chooseCustomer
      onCancel={onDone}
      onSaved={async (b) => {
        await client.invalidateQueries({ queryKey: ['beneficiaries'] });
        toast('success', `Beneficiary ${b.name} saved`);
        onDone();
      }}
    />
  );
}

/** Saved beneficiaries (payees of payouts): filter by customer and status, create, deactivate. */
export function BeneficiaryList() {
  const customers = useCustomers();
  const nameOf = new Map((customers.data?.items ?? []).map((c) => [c.id, c.displayName]));
  return (
    <ManagedList<Beneficiary>
      resource="beneficiaries"
      caption="Beneficiaries"
      statuses={BENEFICIARY_STATUSES}
      defaultStatus="ACTIVE"
      empty="No beneficiaries match these filters."
      columns={(act, admin) => [
        { key: 'name', header: 'Account holder', cell: (b) => <span className="font-medium">{b.name}</span> },
        { key: 'iban', header: 'IBAN', cell: (b) => <span className="break-all font-mono text-xs">{b.iban}</span> },
        { key: 'bic', header: 'BIC', cell: (b) => b.bic ?? '—' },
        { key: 'customer', header: 'Customer', cell: (b) => nameOf.get(b.customerId) ?? b.customerId.slice(0, 8) },
        { key: 'status', header: 'Status', cell: (b) => <Badge status={b.status} /> },
        {
          key: 'actions',
          header: 'Actions',
          cell: (b) =>
            admin && b.status === 'ACTIVE' ? (
              <Button variant="secondary" onClick={() => act(b)} aria-label={`Deactivate ${b.name}`}>
                Deactivate
              </Button>
            ) : null,
        },
      ]}
      create={{ label: 'New beneficiary', title: 'New beneficiary', form: (onDone, customerId) => <CreateBeneficiaryForm onDone={onDone} customerId={customerId} /> }}
      action={{
        verb: 'deactivate',
        confirmTitle: (b) => `Deactivate ${b?.name ?? ''}?`,
        confirmLabel: 'Deactivate',
        explain: (b) => `No more payouts can go to ${b?.iban ?? ''}. To pay it again, save the beneficiary anew.`,
        done: (b) => `${b.name} deactivated`,
      }}
    />
  );
}
