'use client';

import type { ReactNode } from 'react';
import { Section } from '@/components/ui/page-header';
import { businessTypeLabel } from '@/lib/contract/enums';
import { Facts, label, useCustomer, when } from './use-customer';

/** Profile: person or organization data, category, dates, addresses and representatives. */
export function CustomerProfileSection({ customerId }: { customerId: string }) {
  const { data: c } = useCustomer(customerId);
  if (!c) return null;
  return (
    <Section title="Profile">
      <Facts
        items={[
          ['Email', c.email],
          ...(c.person
            ? ([
                ['Name', `${c.person.firstName} ${c.person.lastName}`],
                ['Date of birth', c.person.dateOfBirth],
                ['Nationality', c.person.nationality],
                ['Gender', c.person.gender ? label(c.person.gender) : null],
              ] as [string, ReactNode][])
            : []),
          ...(c.organization
            ? ([
                ['Legal name', c.organization.legalName],
                ['Registration no.', c.organization.registrationNumber],
                ['Business type', c.organization.businessType ? businessTypeLabel(c.organization.businessType) : null],
              ] as [string, ReactNode][])
            : []),
          ['Category', c.categorization ? `${c.categorization.categoryName ?? ''} (${label(c.categorization.riskLevel)} risk)` : null],
          ['Registered', when(c.createdAt)],
          ['Activated', when(c.activatedAt)],
          ...(c.statusReason ? ([['Status reason', c.statusReason]] as [string, ReactNode][]) : []),
          [
            'Customer ID',
            <span key="id" className="font-mono text-xs">
              {c.id}
            </span>,
          ],
        ]}
      />
      {c.addresses.length ? (
        <ul className="mt-3 space-y-1 text-sm">
          {c.addresses.map((a) => (
            <li key={a.id}>
              <span className="text-ink-muted">{label(a.addressType)}:</span> {a.street} {a.building ?? ''}, {a.postalCode ?? ''} {a.city}, {a.country}
            </li>
          ))}
        </ul>
      ) : null}
      {c.representatives.length ? (
        <ul className="mt-3 space-y-1 text-sm">
          {c.representatives.map((r) => (
            <li key={r.id}>
              {r.firstName} {r.lastName} {r.position ? `(${r.position})` : ''} · {r.ownershipShare}%
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
