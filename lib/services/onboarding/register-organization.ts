import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { clock } from '@/lib/clock';
import type { AdminRole, ConsentType } from '@/lib/contract/enums';
import { organizationRegistrationResultSchema, type OrganizationRegistrationBody } from '@/lib/contract/onboarding';
import type { Db } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { addresses, contacts, customerCategorizations, customers, organizations, representatives, userRoles, users, verifications } from '@/lib/db/schema';
import { organizationAlreadyExists, validationFailed } from '@/lib/contract/api-errors';
import { DOCUMENT_REQUIREMENTS } from '@/lib/contract/review';
import { emitEvent } from '@/lib/services/events/emit';
import { assertPasswordNotCommon } from '@/lib/services/identity/password-policy';
import { hashSecret } from '@/lib/services/identity/passwords';
import { audit } from './audit';
import { checkCategorization, chosenCategory, type CheckedCategorization } from './categorization-check';
import { missingRequiredConsents, recordConsent, type ConsentProof } from './consents';
import { decodeDocument } from './documents';
import { insertDocuments } from './review-documents';
import { refreshRisk } from './review-state';
import { screeningContext, screenSubjects, subjectsOfCustomer } from '@/lib/services/aml/screening';
import { categoryProcessRules } from '@/lib/services/categorization/processes';
import { consumeDraft } from '@/lib/services/drafts/drafts';
import { duplicateUserError } from '@/lib/services/identity/users';

export type OrganizationRegistrationResult = z.infer<typeof organizationRegistrationResultSchema>;

async function existingOrganization(db: Db, tenantId: string, registrationNumber: string) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.registrationNumber, registrationNumber)));
  return row;
}

/**
 * Registers an organization (B2B) customer with its addresses, representatives and a default
 * administrator (ADMIN_USER, from organizationCustomer.user or the top-level email/password), and
 * opens its KYB case. A registration number already in the tenant answers 409 with the existing
 * organization's id, also when two registrations race (the unique index decides).
 */
export async function registerOrganization(
  db: Db,
  tenantId: string,
  body: OrganizationRegistrationBody,
  context: { registrarUserId: string | null; proof: ConsentProof },
): Promise<OrganizationRegistrationResult> {
  const org = body.organizationCustomer.organization;
  const existing = await existingOrganization(db, tenantId, org.registrationNumber);
  if (existing) throw organizationAlreadyExists(org.registrationNumber, existing.id);

  const adminInput = body.organizationCustomer.user;
  const adminEmail = adminInput?.email ?? body.email;
  const adminPassword = adminInput?.password ?? body.password;
  assertPasswordNotCommon(adminPassword, adminInput?.password ? 'organizationCustomer.user.password' : 'password');
  const adminRoles: AdminRole[] = [...new Set<AdminRole>(['ADMIN_USER', ...(adminInput?.roles ?? [])])];
  const categoryId = chosenCategory([
    ['customerCategory.id', body.customerCategory?.id],
    ['organizationCustomer.categorization.id', body.organizationCustomer.categorization?.id],
  ]);
  const categorization: CheckedCategorization | null = categoryId
    ? await checkCategorization(db, tenantId, 'ORGANIZATION', { categoryId, selection: body.organizationCustomer.categorization })
    : null;
  const documentsIn = body.DOCUMENTS ?? [];
  const personErrors = documentsIn.flatMap((d, i) =>
    d.representativeIndex === undefined
      ? []
      : d.representativeIndex >= org.representatives.length
        ? [{ field: `DOCUMENTS.${i}.representativeIndex`, message: `no representative at position ${d.representativeIndex}; ${org.representatives.length} given` }]
        : !(DOCUMENT_REQUIREMENTS.REPRESENTATIVE_IDENTITY.documentTypes as readonly string[]).includes(d.documentType)
          ? [{ field: `DOCUMENTS.${i}.representativeIndex`, message: 'only an identity document (passport, national identity card, driving licence, residence permit) belongs to a person' }]
          : [],
  );
  if (personErrors.length) throw validationFailed(personErrors);
  const uploads = documentsIn.map(({ representativeIndex: _r, ...input }, i) => ({
    input,
    representativeIndex: _r,
    field: `DOCUMENTS.${i}.documentFile`,
    file: decodeDocument(input.documentFile, `DOCUMENTS.${i}.documentFile`),
  }));
  const passwordHash = await hashSecret(adminPassword);

  try {
    // AML screening at registration (docs/aml.md), where the category's process asks for it (docs/category-processes.md):
    // the lists' indexes are prepared before the transaction
    const { rules: process } = await categoryProcessRules(db, tenantId, categorization?.categoryId);
    const amlContext = process.screeningRequired ? await screeningContext(db, tenantId) : null;
    return await db.transaction(async (tx) => {
      const now = clock.now();
      const displayName = body.organizationCustomer.customerName ?? org.tradingName ?? org.legalName;
      const [customer] = await tx
        .insert(customers)
        .values({
          tenantId,
          customerType: 'ORGANIZATION',
          status: 'PENDING_ACTIVATION',
          displayName,
          email: org.email ?? body.email,
          registeredByUserId: context.registrarUserId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: customers.id });
      const customerId = customer!.id;
      const [organization] = await tx
        .insert(organizations)
        .values({
          tenantId,
          name: displayName,
          organizationType: 'CUSTOMER_ORGANIZATION',
          businessType: org.businessType,
          registrationNumber: org.registrationNumber,
          customerId,
          legalName: org.legalName,
          tradingName: org.tradingName ?? null,
          taxId: org.taxId ?? null,
          incorporationDate: org.incorporationDate ?? null,
          legalForm: org.legalForm ?? null,
          industry: org.industry ?? null,
          businessDescription: org.businessDescription ?? null,
          website: org.website ?? null,
          email: org.email ?? null,
          phone: org.phone ?? null,
        })
        .returning({ id: organizations.id });
      const organizationId = organization!.id;
      if (org.addresses.length) {
        await tx.insert(addresses).values(
          org.addresses.map((a, i) => ({
            tenantId,
            customerId,
            addressType: a.type,
            street: a.street,
            city: a.city,
            postalCode: a.postalCode ?? null,
            country: a.country,
            isPrimary: org.addresses.some((x) => x.isPrimary) ? a.isPrimary : i === 0,
          })),
        );
      }
      const contactRows = [
        ...(org.email ? [{ contactType: 'EMAIL', value: org.email, isPrimary: true }] : []),
        ...(org.phone ? [{ contactType: 'PHONE', value: org.phone, isPrimary: true }] : []),
      ];
      if (contactRows.length) await tx.insert(contacts).values(contactRows.map((c) => ({ tenantId, customerId, ...c })));
      let representativeIds: string[] = [];
      if (org.representatives.length) {
        const inserted = await tx
          .insert(representatives)
          .values(
            org.representatives.map((r, i) => ({
              tenantId,
              organizationId,
              firstName: r.firstName,
              lastName: r.lastName,
              position: r.position ?? null,
              email: r.email ?? null,
              phone: r.phone ?? null,
              dateOfBirth: r.dateOfBirth ?? null,
              nationality: r.nationality ?? null,
              isPrimaryOwner: r.isPrimaryOwner,
              ownershipShare: String(r.ownershipShare),
              // the list's order is kept (documents name a person by position): one millisecond apart
              createdAt: new Date(now.getTime() + i),
            })),
          )
          .returning({ id: representatives.id });
        representativeIds = inserted.map((r) => r.id);
      }
      const [admin] = await tx
        .insert(users)
        .values({ tenantId, organizationId, customerId, username: adminInput?.username ?? adminEmail, email: adminEmail, passwordHash })
        .returning({ id: users.id });
      const adminUserId = admin!.id;
      await tx.insert(userRoles).values(adminRoles.map((role) => ({ tenantId, userId: adminUserId, role })));
      if (categorization) await tx.insert(customerCategorizations).values({ tenantId, customerId, ...categorization });
      const [verification] = await tx
        .insert(verifications)
        .values({
          tenantId,
          customerId,
          customerType: 'ORGANIZATION',
          status: 'PENDING_REVIEW',
          registeredByUserId: context.registrarUserId,
          submittedByUserId: context.registrarUserId,
          submittedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: verifications.id });
      await audit(tx, tenantId, {
        customerId,
        actorUserId: context.registrarUserId,
        action: 'ORGANIZATION_REGISTERED',
        entityType: 'CUSTOMER',
        entityId: customerId,
        after: { status: 'PENDING_ACTIVATION', verificationStatus: 'PENDING_REVIEW', organizationId, registrationNumber: org.registrationNumber, adminUserId },
      });
      await insertDocuments(
        tx,
        tenantId,
        customerId,
        context.registrarUserId,
        uploads.map(({ representativeIndex, input, ...u }) => ({
          ...u,
          input: { ...input, representativeId: representativeIndex === undefined ? undefined : representativeIds[representativeIndex] },
        })),
        { held: 0 },
      );
      await refreshRisk(tx, tenantId, customerId, 'ORGANIZATION');
      if (amlContext) await screenSubjects(tx, amlContext, await subjectsOfCustomer(tx, tenantId, customerId), 'REGISTRATION', context.registrarUserId);
      await emitEvent(tx, tenantId, 'organization.registered', { customerId, customerType: 'ORGANIZATION', organizationId, registrationNumber: org.registrationNumber, adminUserId });
      await emitEvent(tx, tenantId, 'customer.registered', {
        customerId,
        customerType: 'ORGANIZATION',
        userId: adminUserId,
        status: 'PENDING_ACTIVATION',
        categoryId: categorization?.categoryId ?? null,
      });
      const accepted: ConsentType[] = [];
      if (body.CONSENT?.termsAccepted) accepted.push('TERMS');
      if (body.CONSENT?.privacyAccepted) accepted.push('PRIVACY_POLICY');
      if (body.CONSENT?.dataProcessingConsent) accepted.push('DATA_PROCESSING');
      if (body.CONSENT?.marketingConsent) accepted.push('MARKETING');
      const proof = { ...context.proof, actorUserId: context.registrarUserId ?? adminUserId };
      for (const type of accepted) await recordConsent(tx, tenantId, { id: customerId, customerType: 'ORGANIZATION' }, type, 'ACCEPTED', proof);
      // the draft this registration finishes (docs/drafts.md) is consumed with it, or the whole registration is refused
      if (body.draftId || body.draftResumeToken)
        await consumeDraft(tx, tenantId, { draftId: body.draftId, resumeToken: body.draftResumeToken }, 'ORGANIZATION', customerId, context.registrarUserId);
      return {
        customerId,
        userId: adminUserId,
        adminUserId,
        organizationId,
        businessType: org.businessType,
        customerStatus: 'PENDING_ACTIVATION' as const,
        verificationId: verification!.id,
        verificationStatus: 'PENDING_REVIEW' as const,
        categoryId: categorization?.categoryId ?? null,
        riskLevel: categorization?.riskLevel ?? null,
        missingConsents: await missingRequiredConsents(tx, tenantId, customerId),
        registeredBy: context.registrarUserId,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'organizations_tenant_regno_uq')) {
      const winner = await existingOrganization(db, tenantId, org.registrationNumber);
      throw organizationAlreadyExists(org.registrationNumber, winner?.id ?? '');
    }
    throw duplicateUserError(error) ?? error;
  }
}
