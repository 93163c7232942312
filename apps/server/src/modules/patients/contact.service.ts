import { DEFAULT_COUNTRY, ZOwnReachability, type Contact, type ContactSave } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { isCountryCode } from '../directory/directory.service';
import { findContact, upsertContact } from './contacts.repo';
import { patientActor, type PatientContext } from '../../platform/access/patient-access';
import { findPatientById } from './patients.repo';
import { throwIfFieldIssues, zodIssuesToFieldIssues } from '../../platform/field-errors';

/**
 * While acting on behalf, mobile and e-mail are the delegate's own (spec §2: read-only then), so messages
 * about the principal's affairs reach the person handling them. The delegate must have saved them first.
 */
export async function delegateReachability(tx: Tx, ctx: PatientContext): Promise<{ mobile: string; email: string }> {
  const own = await findContact(tx, ctx.signedInPatientId);
  if (!own?.mobile || !own.email) {
    throw new AppError(400, {
      detail: 'delegate has no contact details of their own',
      fields: [
        { field: 'mobile', key: 'ownContactRequired' },
        { field: 'email', key: 'ownContactRequired' },
      ],
    });
  }
  return { mobile: own.mobile, email: own.email };
}

/**
 * Spec §3 'Contact' of the effective patient. Names always come from the identity; fields are empty
 * until saved, country defaults to fi. While acting, mobile and e-mail show the delegate's own, which
 * is what saving will store.
 */
export async function getContact(tx: Tx, ctx: PatientContext): Promise<Contact> {
  // One query after another: inside a transaction the connection is one anyway.
  const patient = await findPatientById(tx, ctx.patientId);
  const contact = await findContact(tx, ctx.patientId);
  const own = ctx.actingForPatientId ? await findContact(tx, ctx.signedInPatientId) : undefined;
  if (!patient) throw new AppError(101, { detail: 'session patient is gone' });
  const reach = ctx.actingForPatientId ? own : contact;
  return {
    firstName: patient.givenName,
    lastName: patient.familyName,
    street: contact?.street ?? '',
    code: contact?.code ?? '',
    city: contact?.city ?? '',
    mobile: reach?.mobile ?? '',
    email: reach?.email ?? '',
    country: contact?.country ?? DEFAULT_COUNTRY,
    nationality: contact?.nationality ?? '',
    termsAccepted: ctx.termsAccepted,
  };
}

/**
 * Saves the effective patient's contact details (spec §5 'Contact form'; the schema has checked the formats).
 * Country and nationality must be ISO countries. While acting, incoming mobile and e-mail are ignored
 * in favour of the delegate's own. Audited with both persons when acting.
 */
export async function saveContact(db: Db, ctx: PatientContext, input: ContactSave, ip: string): Promise<Contact> {
  const bad = (['country', 'nationality'] as const).filter((f) => !isCountryCode(input[f]));
  if (bad.length > 0) throw new AppError(400, { fields: bad.map((field) => ({ field, key: 'invalid' as const })) });
  // The patient's own mobile and e-mail follow the form's rules; while acting they are the delegate's (below).
  let own: { mobile: string; email: string } | undefined;
  if (!ctx.actingForPatientId) {
    const parsed = ZOwnReachability.safeParse(input);
    if (!parsed.success) throwIfFieldIssues(zodIssuesToFieldIssues('', parsed.error.issues));
    // The parsed values: the mobile without the spaces and dashes the person typed.
    own = parsed.data;
  }
  return db.transaction(async (tx) => {
    const reach = own ?? (await delegateReachability(tx, ctx));
    await upsertContact(tx, ctx.patientId, {
      street: input.street,
      code: input.code,
      city: input.city,
      country: input.country,
      nationality: input.nationality,
      ...reach,
    });
    await recordAudit(tx, { ...patientActor(ctx, ip), action: 'patient.contact.save', objectType: 'patient', objectId: ctx.patientId });
    return getContact(tx, ctx);
  });
}
