import { canonicalTimeZone, toLanguage, type ClientParams, type PatientStatus } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { findContact } from './contacts.repo';
import * as repo from './onboarding.repo';
import { patientActor, withOrganisation, type PatientContext } from '../../platform/access/patient-access';
import { setClientParams } from './patients.repo';

export type OnboardingDeps = { db: Db; cipher: FieldCipher };

/** The welcome flag is kept per e-mail address (spec §2), as a keyed hash so the table holds no addresses. */
function welcomeKey(cipher: FieldCipher, email: string): string {
  return cipher.keyedHash(email.trim().toLowerCase());
}

async function contactEmail(tx: Tx, patientId: string): Promise<string | null> {
  const contact = await findContact(tx, patientId);
  return contact?.email ? contact.email : null;
}

/** Whether the effective patient's e-mail chose 'don't show again'; false without an e-mail. */
export async function welcomePreference(deps: OnboardingDeps, ctx: PatientContext): Promise<{ dontShowAgain: boolean }> {
  const email = await contactEmail(deps.db, ctx.patientId);
  return { dontShowAgain: email !== null && (await repo.hasWelcomeOptOut(deps.db, welcomeKey(deps.cipher, email))) };
}

/** Stores or clears 'don't show again' for the effective patient's e-mail; 400 when they have saved none. */
export async function setWelcomePreference(deps: OnboardingDeps, ctx: PatientContext, dontShowAgain: boolean) {
  return deps.db.transaction(async (tx) => {
    const email = await contactEmail(tx, ctx.patientId);
    if (!email) throw new AppError(400, { detail: 'no e-mail saved for the welcome preference' });
    const key = welcomeKey(deps.cipher, email);
    if (dontShowAgain) await repo.insertWelcomeOptOut(tx, key);
    else await repo.deleteWelcomeOptOut(tx, key);
    return { dontShowAgain };
  });
}

/** Where the effective patient stands in onboarding (spec §4): what the web app's route guards need. */
export async function patientStatus(deps: OnboardingDeps, ctx: PatientContext): Promise<PatientStatus> {
  const contact = await findContact(deps.db, ctx.patientId);
  const email = contact?.email || null;
  return {
    hasOrganisation: ctx.organisation !== null,
    termsAccepted: ctx.termsAccepted,
    contactSaved: contact !== undefined,
    dontShowWelcome: email !== null && (await repo.hasWelcomeOptOut(deps.db, welcomeKey(deps.cipher, email))),
  };
}

/** Accepts the selected organisation's terms for the effective patient (audited with both persons when acting). */
export async function acceptTerms(deps: OnboardingDeps, ctx: PatientContext, ip: string): Promise<PatientStatus> {
  const { organisation } = withOrganisation(ctx);
  await deps.db.transaction(async (tx) => {
    await repo.insertTermsAcceptance(tx, ctx.patientId, organisation.id);
    await recordAudit(tx, {
      ...patientActor(ctx, ip),
      action: 'patient.terms.accept',
      objectType: 'organisation',
      objectId: organisation.id,
    });
  });
  return patientStatus(deps, { ...ctx, termsAccepted: true });
}

/**
 * Stores the language (`sv` as `se`) and the IANA time zone (in its canonical spelling) the patient app reports,
 * on the signed-in person's own row: they describe that person's browser, not whoever they act for.
 */
export async function saveClientParams(deps: OnboardingDeps, signedInPatientId: string, params: ClientParams): Promise<ClientParams> {
  const lang = toLanguage(params.lang)!;
  const timezone = canonicalTimeZone(params.timezone);
  await setClientParams(deps.db, signedInPatientId, { lang, timezone });
  return { lang, timezone };
}
