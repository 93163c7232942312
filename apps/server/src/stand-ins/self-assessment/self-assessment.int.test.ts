import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  connectorAuth,
  readSelfAssessment,
  selfAssessmentMetadata,
  ZConnectorAuth,
  ZStrippedToken,
  type ChatChannel,
  type ExpertChat,
  type PatientConfig,
  type SelfAssessmentResult,
} from '@prsp/contracts';
import { onboardedPatients } from '../../modules/booking/booking.steps';
import { okData, organisationBySlug, postJson } from '../../modules/patients/patient.steps';
import { onboardedPatient } from '../../modules/messaging/conversations.steps';
import { chatExpert, serviceId } from '../../modules/chat/chat.steps';
import { startTestApp, type TestApp } from '../../test/test-app';

const STAND_IN = '/stand-ins/self-assessment/';
const STAND_IN_HTML = '<!doctype html><title>self-assessment stand-in</title>';
const APP_HTML = '<!doctype html><title>app</title>';

let webDist: string;
let withStandIn: TestApp;
let withConnector: TestApp;
beforeAll(async () => {
  // A web build of two pages: the stand-in's and the app's (which every other path falls back to).
  webDist = await mkdtemp(path.join(tmpdir(), 'prsp-web-'));
  await writeFile(path.join(webDist, 'self-assessment.html'), STAND_IN_HTML);
  await writeFile(path.join(webDist, 'index.html'), APP_HTML);
  withStandIn = await startTestApp({ WEB_DIST: webDist });
  withConnector = await startTestApp({
    WEB_DIST: webDist,
    TEST_HTA_ENABLED: 'false',
    HTA_CONNECTOR_URL: 'https://hta.example.com/embed/',
  });
});
afterAll(async () => {
  await withStandIn?.close();
  await withConnector?.close();
  await rm(webDist, { recursive: true, force: true });
});

const csp = (res: Response) => res.headers.get('content-security-policy') ?? '';

describe('the built-in self-assessment', () => {
  test('is served on its own path, framable by the app only, calling nothing', async () => {
    const res = await fetch(`${withStandIn.baseUrl}${STAND_IN}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(STAND_IN_HTML);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(csp(res)).toContain("frame-ancestors 'self'");
    expect(csp(res)).toContain("connect-src 'none'");
    expect(csp(res)).toContain("style-src 'self';");
    expect(csp(res)).not.toContain('unsafe-inline');
    expect(res.headers.get('x-frame-options')).toBeNull();
    // The app's own pages stay unframable.
    const app = await fetch(`${withStandIn.baseUrl}/services`);
    expect(csp(app)).toContain("frame-ancestors 'none'");
    expect(app.headers.get('x-frame-options')).toBe('DENY');
  });

  test('is what the patient app is told to frame', async () => {
    const espoo = (await organisationBySlug(withStandIn, 'espoo-demo')).id;
    const [patient] = await onboardedPatients(withStandIn, espoo, 1);
    const config = await okData<PatientConfig>(patient!.fetch('/api/config'));
    expect(config).toMatchObject({ htaConnectorEnabled: true, htaConnectorUrl: STAND_IN });
  });

  test('when off (always in production) is not served: the path is the app, unframable', async () => {
    const res = await fetch(`${withConnector.baseUrl}${STAND_IN}`);
    expect(await res.text()).toBe(APP_HTML);
    expect(csp(res)).toContain("frame-ancestors 'none'");
  });
});

test("a configured connector is what the patient app frames, and the app's CSP lets that origin alone be framed", async () => {
  const espoo = (await organisationBySlug(withConnector, 'espoo-demo')).id;
  const [patient] = await onboardedPatients(withConnector, espoo, 1);
  const config = await okData<PatientConfig>(patient!.fetch('/api/config'));
  expect(config.htaConnectorUrl).toBe('https://hta.example.com/embed/');
  const page = await fetch(`${withConnector.baseUrl}/chat/x`);
  expect(csp(page)).toMatch(/frame-src 'self' https:\/\/hta\.example\.com(;|$)/);
  // An organisation without the connector flag has no self-assessment, whatever is configured.
  const kaarina = (await organisationBySlug(withConnector, 'kaarina-demo')).id;
  const [other] = await onboardedPatients(withConnector, kaarina, 1);
  expect(await okData<PatientConfig>(other!.fetch('/api/config'))).toMatchObject({ htaConnectorEnabled: false, htaConnectorUrl: null });
});

test("the connector's result reaches the expert's chat sealed, and reads as urgency and answers", async () => {
  const t = withStandIn;
  const espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  const doctorService = await serviceId(t, espoo, 'doctor');
  // Signed in through the identity provider, so the stripped token has a real identity code to read.
  const { browser: patient } = await onboardedPatient(t, '010190-124N', espoo);
  const doctor = await chatExpert(t, espoo, 'espoo-doctor');

  // init: the app answers Auth with the stripped token, in the connector's names.
  const auth = connectorAuth(ZStrippedToken.parse(await okData(patient.fetch('/api/user/stripped-token'))));
  expect(ZConnectorAuth.parse(auth)).toEqual(auth);
  expect(auth.token).toMatchObject({ age: new Date().getUTCFullYear() - 1990, gender: 'female' });

  // completed: the result is sealed for this patient and service, and the chat carries it.
  const result: SelfAssessmentResult = {
    urgency: 'urgent',
    answers: [
      { question: 'Mikä on pääasiallinen oireesi?', answer: 'Yskä, kurkkukipu tai nuha' },
      { question: 'Onko sinulla yli 38 asteen kuumetta?', answer: 'Kyllä' },
    ],
  };
  const questionnaireMetadata = selfAssessmentMetadata({ type: 'completed', result });
  const { secureMetadata } = await okData<{ secureMetadata: string }>(
    postJson(patient, `/api/services/metadata/${doctorService}`, { questionnaireMetadata }),
  );
  expect(secureMetadata).not.toContain('Kyllä');
  const channel = await okData<ChatChannel>(postJson(patient, '/api/chat/channels', { serviceId: doctorService, secureMetadata }));

  const taken = await okData<ExpertChat>(postJson(doctor.browser, `/api/expert/chat/channels/${channel.id}/accept`));
  expect(taken.metadata).toEqual(questionnaireMetadata);
  expect(readSelfAssessment(taken.metadata)).toEqual({ kind: 'result', result });
  const again = await okData<ExpertChat>(doctor.browser.fetch(`/api/expert/chat/channels/${channel.id}`));
  expect(again.metadata).toEqual(questionnaireMetadata);
});
