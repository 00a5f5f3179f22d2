import { clock } from '@/lib/clock';
import type { ConsentType } from '@/lib/contract/enums';
import type { IndividualRegistrationBody, RegistrationResult } from '@/lib/contract/onboarding';
import type { Db } from '@/lib/db/client';
import { addresses, contacts, customerCategorizations, customers, persons, userRoles, users, verifications } from '@/lib/db/schema';
import { tenantAccessDenied, validationFailed } from '@/lib/contract/api-errors';
import { emitEvent } from '@/lib/services/events/emit';
import { assertPasswordNotCommon } from '@/lib/services/identity/password-policy';
import { hashSecret } from '@/lib/services/identity/passwords';
import { duplicateUserError } from '@/lib/services/identity/users';
import { audit } from './audit';
import { checkCategorization, chosenCategory } from './categorization-check';
import { missingRequiredConsents, recordConsent, type ConsentProof } from './consents';
import { decodeDocument } from './documents';
import { insertDocuments } from './review-documents';
import { refreshRisk } from './review-state';
import { consumeDraft } from '@/lib/services/drafts/drafts';
import { screeningContext, screenSubjects, subjectsOfCustomer } from '@/lib/services/aml/screening';
import { categoryProcessRules } from '@/lib/services/categorization/processes';

const first = <T>(...values: (T | undefined | null | '')[]): T | undefined => values.find((v) => v !== undefined && v !== null && v !== '') as T | undefined;

/**
 * Registers an individual (B2C) customer. The contract's body says the same things in several
 * places; the wizard's step objects win, then individualCustomer, then the top level. Everything is
 * written in one transaction: person, addresses, contacts, user (CUSTOMER, argon2id hash), customer
 * (PENDING_ACTIVATION), categorization, document, consent records, verification case
 * (PENDING_REVIEW), audit entries and the customer.registered event.
 */
export async function registerIndividual(
  db: Db,
  tenantId: string,
  body: IndividualRegistrationBody,
  context: { registrarUserId: string | null; proof: ConsentProof },
): Promise<RegistrationResult> {
  if (body.individualCustomer?.tenantId && body.individualCustomer.tenantId !== tenantId) throw tenantAccessDenied(body.individualCustomer.tenantId);
  const person = body.individualCustomer?.person;
  const personal = body.PERSONAL_INFO;
  const firstName = first(personal?.firstName, person?.firstName, body.firstName);
  const lastName = first(personal?.lastName, person?.lastName, body.lastName);
  const dateOfBirth = first(personal?.dateOfBirth, person?.dateOfBirth, body.dateOfBirth);
  const missing = [
    !firstName && { field: 'PERSONAL_INFO.firstName', message: 'is required' },
    !lastName && { field: 'PERSONAL_INFO.lastName', message: 'is required' },
    !dateOfBirth && { field: 'PERSONAL_INFO.dateOfBirth', message: 'is required' },
  ].filter((e): e is { field: string; message: string } => Boolean(e));
  if (missing.length) throw validationFailed(missing);
  assertPasswordNotCommon(body.password);
  const email = body.email;
  const username = first(body.individualCustomer?.user?.username, email)!;

  const categorization = await checkCategorization(db, tenantId, 'INDIVIDUAL', {
    categoryId: chosenCategory([
      ['CATEGORIZATION.categoryId', body.CATEGORIZATION?.categoryId],
      ['individualCustomer.categorization.id', body.individualCustomer?.categorization?.id],
      ['customerCategory.id', body.customerCategory?.id],
    ]),
    riskLevel: body.CATEGORIZATION?.riskLevel,
    featureIds: body.CATEGORIZATION?.featureIds,
    selection: body.individualCustomer?.categorization,
  });
  const uploads = [
    ...(body.DOCUMENT_UPLOAD
      ? [{ input: body.DOCUMENT_UPLOAD, field: 'DOCUMENT_UPLOAD.documentFile', file: decodeDocument(body.DOCUMENT_UPLOAD.documentFile, 'DOCUMENT_UPLOAD.documentFile') }]
      : []),
    ...(body.DOCUMENTS ?? []).map((input, i) => ({ input, field: `DOCUMENTS.${i}.documentFile`, file: decodeDocument(input.documentFile, `DOCUMENTS.${i}.documentFile`) })),
  ];
  const passwordHash = await hashSecret(body.password);

  const addressRows = [
    ...(body.ADDRESS_INFO ? [{ ...body.ADDRESS_INFO }] : []),
    ...(person?.addresses ?? []).map((a) => ({
      addressType: a.type,
      street: a.street,
      building: undefined,
      city: a.city,
      state: a.state,
      postalCode: a.postalCode,
      country: a.country,
      isPrimary: a.isPrimary,
    })),
  ];
  const contactRows = [
    { contactType: 'EMAIL', value: email, isPrimary: true },
    ...(body.phone ? [{ contactType: 'MOBILE', value: body.phone, isPrimary: true }] : []),
    ...(body.CONTACT_INFO ? [{ contactType: body.CONTACT_INFO.contactType, value: body.CONTACT_INFO.contactValue, isPrimary: body.CONTACT_INFO.isPrimary }] : []),
    ...(person?.contacts ?? []).map((c) => ({ contactType: c.type, value: c.value, isPrimary: c.isPrimary })),
  ].filter((c, i, all) => all.findIndex((o) => o.contactType === c.contactType && o.value.toLowerCase() === c.value.toLowerCase()) === i);
  const phoneNumber = first(body.phone, contactRows.find((c) => c.contactType !== 'EMAIL')?.value);

  try {
    // AML screening at registration (docs/aml.md), where the category's process asks for it (docs/category-processes.md):
    // the lists' indexes are prepared before the transaction
    const { rules: process } = await categoryProcessRules(db, tenantId, categorization.categoryId);
    const amlContext = process.screeningRequired ? await screeningContext(db, tenantId) : null;
    return await db.transaction(async (tx) => {
      const now = clock.now();
      const displayName = first(body.individualCustomer?.customerName, `${firstName} ${lastName}`)!;
      const [customer] = await tx
        .insert(customers)
        .values({ tenantId, customerType: 'INDIVIDUAL', status: 'PENDING_ACTIVATION', displayName, email, registeredByUserId: context.registrarUserId, createdAt: now, updatedAt: now })
        .returning({ id: customers.id });
      const customerId = customer!.id;
      await tx.insert(persons).values({
        tenantId,
        customerId,
        firstName: firstName!,
        lastName: lastName!,
        email,
        dateOfBirth: dateOfBirth!,
        gender: first(personal?.gender, person?.gender, body.gender) ?? null,
        nationality: first(personal?.nationality, person?.nationality, body.nationality) ?? null,
        placeOfBirth: first(personal?.placeOfBirth, person?.placeOfBirth, body.placeOfBirth) ?? null,
        pincode: first(personal?.pincode, person?.pincode, body.pincode) ?? null,
      });
      if (addressRows.length) {
        await tx.insert(addresses).values(
          addressRows.map((a, i) => ({
            tenantId,
            customerId,
            addressType: a.addressType,
            street: a.street,
            building: a.building ?? null,
            city: a.city,
            state: a.state ?? null,
            postalCode: a.postalCode ?? null,
            country: a.country,
            isPrimary: addressRows.some((x) => x.isPrimary) ? a.isPrimary : i === 0,
          })),
        );
      }
      await tx.insert(contacts).values(contactRows.map((c) => ({ tenantId, customerId, ...c })));
      const [user] = await tx
        .insert(users)
        .values({
          tenantId,
          customerId,
          username,
          email,
          passwordHash,
          firstName: firstName!,
          lastName: lastName!,
          phoneNumber: phoneNumber ?? null,
          gender: first(personal?.gender, person?.gender, body.gender) ?? null,
        })
        .returning({ id: users.id });
      const userId = user!.id;
      await tx.insert(userRoles).values({ tenantId, userId, role: 'CUSTOMER' });
      await tx.insert(customerCategorizations).values({ tenantId, customerId, ...categorization });
      const [verification] = await tx
        .insert(verifications)
        .values({
          tenantId,
          customerId,
          customerType: 'INDIVIDUAL',
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
        action: 'CUSTOMER_REGISTERED',
        entityType: 'CUSTOMER',
        entityId: customerId,
        after: { status: 'PENDING_ACTIVATION', verificationStatus: 'PENDING_REVIEW', categoryId: categorization.categoryId, activationNotes: body.ACTIVATION?.activationNotes ?? null },
      });
      await insertDocuments(tx, tenantId, customerId, context.registrarUserId, uploads, { held: 0 });
      await refreshRisk(tx, tenantId, customerId, 'INDIVIDUAL');
      if (amlContext) await screenSubjects(tx, amlContext, await subjectsOfCustomer(tx, tenantId, customerId), 'REGISTRATION', context.registrarUserId);
      await emitEvent(tx, tenantId, 'customer.registered', { customerId, customerType: 'INDIVIDUAL', userId, status: 'PENDING_ACTIVATION', categoryId: categorization.categoryId });
      const accepted: ConsentType[] = [];
      if (body.CONSENT?.termsAccepted) accepted.push('TERMS');
      if (body.CONSENT?.privacyAccepted) accepted.push('PRIVACY_POLICY');
      if (body.CONSENT?.dataProcessingConsent) accepted.push('DATA_PROCESSING');
      if (body.CONSENT?.marketingConsent) accepted.push('MARKETING');
      const proof = { ...context.proof, actorUserId: context.registrarUserId ?? userId };
      for (const type of accepted) await recordConsent(tx, tenantId, { id: customerId, customerType: 'INDIVIDUAL' }, type, 'ACCEPTED', proof);
      // the draft this registration finishes (docs/drafts.md) is consumed with it, or the whole registration is refused
      if (body.draftId || body.draftResumeToken)
        await consumeDraft(tx, tenantId, { draftId: body.draftId, resumeToken: body.draftResumeToken }, 'INDIVIDUAL', customerId, context.registrarUserId);
      return {
        customerId,
        userId,
        customerStatus: 'PENDING_ACTIVATION' as const,
        verificationId: verification!.id,
        verificationStatus: 'PENDING_REVIEW' as const,
        categoryId: categorization.categoryId,
        riskLevel: categorization.riskLevel,
        missingConsents: await missingRequiredConsents(tx, tenantId, customerId),
        registeredBy: context.registrarUserId,
      };
    });
  } catch (error) {
    throw duplicateUserError(error) ?? error;
  }
}
