import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  okEnvelope,
  ZChangeLocation,
  ZClientParams,
  ZContact,
  ZContactSave,
  ZLocationOptions,
  ZOrganisationsInfo,
  ZPatientStatus,
  ZSelectOrganisation,
  ZWelcomePreference,
} from '@prsp/contracts';
import { ok } from '../../platform/ok';
import { getContact, saveContact } from './contact.service';
import { changeLocation, locationOptions } from './location.service';
import * as onboarding from './onboarding.service';
import { patientContextOf } from '../../plugins/access';
import { requestLanguage } from '../../platform/request-language';
import { organisationsInfoFor, selectOrganisation } from './organisation-choice.service';

/**
 * The patient's own records and onboarding (spec §2 contact, terms, welcome, change location; §5; §7 client params).
 * Everything works on the effective patient (the principal while acting on behalf), except the client
 * parameters, which describe the signed-in person's browser.
 */
export async function patientsRoutes(fastify: FastifyInstance, opts: onboarding.OnboardingDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const signedIn = { access: { kind: 'patient' } } as const;
  // Contact is reachable before an organisation is chosen (spec §2: closing the organisation modal goes to contact).
  const contactAccess = { access: { kind: 'patient', flag: 'contactEnabled' } } as const;

  app.get(
    '/api/contact',
    { config: contactAccess, schema: { summary: 'Get the patient’s contact details', response: { 200: okEnvelope(ZContact) } } },
    async (req) => ok(await getContact(db, patientContextOf(req))),
  );

  app.post(
    '/api/contact',
    {
      config: { ...contactAccess, keepsCallerCache: true },
      // Mobile and e-mail are checked by the service: while acting they are the delegate's own, whatever was sent.
      schema: { summary: 'Save the patient’s contact details', body: ZContactSave, response: { 200: okEnvelope(ZContact) } },
    },
    async (req) => ok(await saveContact(db, patientContextOf(req), req.body, req.ip)),
  );

  app.post(
    '/api/terms/accept',
    {
      config: { access: { kind: 'patient', organisation: 'required' } },
      schema: { summary: 'Accept the terms of use for the patient', response: { 200: okEnvelope(ZPatientStatus) } },
    },
    async (req) => ok(await onboarding.acceptTerms(opts, patientContextOf(req), req.ip)),
  );

  app.get(
    '/api/welcome',
    {
      config: signedIn,
      schema: { summary: 'Get whether the patient sees the welcome page', response: { 200: okEnvelope(ZWelcomePreference) } },
    },
    async (req) => ok(await onboarding.welcomePreference(opts, patientContextOf(req))),
  );

  app.post(
    '/api/welcome',
    {
      config: { access: { kind: 'patient', organisation: 'required', terms: true } },
      schema: {
        summary: 'Save whether the patient sees the welcome page',
        body: ZWelcomePreference,
        response: { 200: okEnvelope(ZWelcomePreference) },
      },
    },
    async (req) => ok(await onboarding.setWelcomePreference(opts, patientContextOf(req), req.body.dontShowAgain)),
  );

  app.post(
    '/api/client_params',
    {
      config: signedIn,
      schema: { summary: 'Save the patient’s client parameters', body: ZClientParams, response: { 200: okEnvelope(ZClientParams) } },
    },
    async (req) => ok(await onboarding.saveClientParams(opts, patientContextOf(req).signedInPatientId, req.body)),
  );

  app.get(
    '/api/patient/status',
    { config: signedIn, schema: { summary: 'Get the patient’s onboarding status', response: { 200: okEnvelope(ZPatientStatus) } } },
    async (req) => ok(await onboarding.patientStatus(opts, patientContextOf(req))),
  );

  // Change location needs the flag of the current organisation when one is selected. Not its accepted terms:
  // moving is how a patient leaves an organisation whose terms they have not accepted (yet).
  const locationAccess = { access: { kind: 'patient', flag: 'changeLocationEnabled' } } as const;
  app.get(
    '/api/location',
    { config: locationAccess, schema: { summary: 'Get the patient’s location', response: { 200: okEnvelope(ZLocationOptions) } } },
    async (req) => ok(await locationOptions(db, patientContextOf(req), requestLanguage(req))),
  );

  app.post(
    '/api/location',
    {
      config: locationAccess,
      schema: { summary: 'Save the patient’s location', body: ZChangeLocation, response: { 200: okEnvelope(ZOrganisationsInfo) } },
    },
    async (req) => ok(await changeLocation(db, patientContextOf(req), req.body.area, req.ip, requestLanguage(req))),
  );

  app.get(
    '/api/organisations',
    {
      config: signedIn,
      schema: { summary: 'List the organisations the patient can choose', response: { 200: okEnvelope(ZOrganisationsInfo) } },
    },
    async (req) => ok(await organisationsInfoFor(db, patientContextOf(req), requestLanguage(req))),
  );

  app.post(
    '/api/organisations/select',
    {
      config: signedIn,
      schema: {
        summary: 'Choose the patient’s organisation',
        body: ZSelectOrganisation,
        response: { 200: okEnvelope(ZOrganisationsInfo) },
      },
    },
    async (req) => ok(await selectOrganisation(db, patientContextOf(req), req.body.selectedOrganisation, req.ip, requestLanguage(req))),
  );
}
