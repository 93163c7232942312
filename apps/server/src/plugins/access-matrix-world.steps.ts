import { eq } from 'drizzle-orm';
import { NO_RIGHTS, PRESET_RIGHTS, type AdminRights, type ChatChannel, type FeatureFlags } from '@prsp/contracts';
import { appointments, conversationMessages, conversations, experts, organisations, sessions } from '../db/schema';
import { onBehalfSteps } from '../modules/acting/on-behalf.steps';
import { makeResponse, makeTemplate } from '../modules/surveys/survey.steps';
import { bookedAppointment, guestClient } from '../modules/chat/chat.steps';
import { onboard, patientIdOf } from '../modules/patients/patient.steps';
import { sha256 } from '../platform/crypto/tokens';
import type { DeclaredRoute } from '../platform/access/route-access';
import { TestBrowser } from '../test/http-client';
import { AINO, MATTI, SARA } from '../test/person-codes';
import { createStaffAccount, GOOD_PASSWORD, organisationId, staffLogin, withCsrfCookie } from '../test/staff-accounts';
import type { TestApp } from '../test/test-app';
import type { CallerProfile } from './access-matrix-expectations.steps';
import { OBJECT_FIXTURES } from './admin-rights-matrix.steps';

export type OrgKey = 'espoo' | 'kaarina';
export const other = (org: OrgKey): OrgKey => (org === 'espoo' ? 'kaarina' : 'espoo');

/** The kinds of object a path parameter can name: the admin matrix's kinds plus what patients, guests and experts reach. */
export type ObjectKind =
  | keyof typeof OBJECT_FIXTURES
  | 'booking'
  | 'chatChannel'
  | 'chatQueue'
  | 'conversation'
  | 'conversationMessage'
  | 'surveyResponse'
  | 'patient';

/** A caller of the matrix: how the guard sees it, its organisation, and what it sends (cookies, a bearer token). */
export type MatrixCaller = {
  name: string;
  home: OrgKey;
  profile: CallerProfile;
  cookies: Record<string, string>;
  bearer?: string;
  isGlobalAdmin: boolean;
  /**
   * Whether the home organisation's patient objects (booking, channel, conversation, survey response) are the
   * caller's to reach. False for the person who tried to act for that patient without a mandate.
   */
  ownsHomeObjects: boolean;
};

export type World = {
  orgs: Record<OrgKey, string>;
  objects: Record<OrgKey, Record<ObjectKind, string>>;
  callers: MatrixCaller[];
};

const MINUTE = 60_000;

async function flagsOf(t: TestApp, orgId: string): Promise<FeatureFlags> {
  const [row] = await t.database.db.select({ flags: organisations.flags }).from(organisations).where(eq(organisations.id, orgId));
  return row!.flags;
}

function cookiesOf(browser: TestBrowser): Record<string, string> {
  withCsrfCookie(browser);
  const cookies: Record<string, string> = {};
  for (const name of ['prsp_session', 'prsp_csrf']) {
    const value = browser.cookie(name);
    if (value) cookies[name] = value;
  }
  return cookies;
}

/** A patient signed in through the built-in identity provider and onboarded through the routes (organisation, terms). */
async function signedInPatient(t: TestApp, ssn: string, orgId: string): Promise<TestBrowser> {
  const browser = new TestBrowser(t.baseUrl);
  await browser.signIn(ssn);
  await browser.fetch('/api/auth/check');
  await onboard(browser, orgId);
  return browser;
}

/** A member of staff signed in through `POST /api/sso/login`, working in `orgId` (chosen with set_role when several). */
async function signedInStaff(
  t: TestApp,
  orgId: string,
  opts: {
    appRole: 'admin' | 'expert';
    preset?: 'booker' | 'operationalAdmin' | 'organisationAdmin' | 'custom';
    rights?: AdminRights;
    isGlobalAdmin?: boolean;
  },
): Promise<{ browser: TestBrowser; userId: string }> {
  const account = await createStaffAccount(t, {
    password: GOOD_PASSWORD,
    organisation: opts.appRole === 'admin' ? orgId : null,
    preset: opts.preset,
    rights: opts.rights,
    isGlobalAdmin: opts.isGlobalAdmin,
    expertIn: opts.appRole === 'expert' ? orgId : undefined,
  });
  const browser = new TestBrowser(t.baseUrl);
  const res = await staffLogin(browser, account.email, GOOD_PASSWORD, opts.appRole);
  if (res.status !== 200) throw new Error(`staff sign-in failed: ${res.status} ${await res.text()}`);
  const [row] = await t.database.db
    .select({ organisationId: sessions.organisationId })
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(browser.cookie('prsp_session')!)));
  if (row?.organisationId !== orgId) {
    const chosen = await browser.fetch(`/api/sso/set_role/${opts.appRole};${orgId}`, { method: 'POST' });
    if (chosen.status !== 200) throw new Error(`set_role failed: ${chosen.status} ${await chosen.text()}`);
  }
  return { browser, userId: account.id };
}

async function expertIdOf(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.database.db.select({ id: experts.id }).from(experts).where(eq(experts.userId, userId));
  return row!.id;
}

/**
 * One organisation's share of the world: its patient, expert and guest signed in, a group video appointment of
 * theirs open as a chat channel, a conversation with a message, a survey response, and one object of every kind the
 * admin routes name (OBJECT_FIXTURES).
 */
async function buildOrganisation(t: TestApp, key: OrgKey, orgId: string, ssn: string) {
  const db = t.database.db;
  const objects: Partial<Record<ObjectKind, string>> = { organisation: orgId };
  for (const [kind, make] of Object.entries(OBJECT_FIXTURES)) objects[kind as ObjectKind] = await make(t, orgId);

  const patientBrowser = await signedInPatient(t, ssn, orgId);
  const patientId = await patientIdOf(t, ssn);
  const expert = await signedInStaff(t, orgId, { appRole: 'expert' });
  const expertId = await expertIdOf(t, expert.userId);
  const queueId = `matrix-q-${key}`;
  await db.update(experts).set({ chatQueueId: queueId }).where(eq(experts.id, expertId));

  const booking = await bookedAppointment(t, orgId, {
    type: 'group',
    expertId,
    startsAt: new Date(Date.now() + 2 * MINUTE),
    patients: [{ id: patientId, name: 'Potilas Matriisi' }],
    guests: [{ name: 'Greta Guest', email: `guest-${key}@test.example` }],
  });
  await db.update(appointments).set({ type: 'group-video' }).where(eq(appointments.id, booking.id));
  const guest = await guestClient(t, booking.participants.guests[0]!, booking.id);
  const opened = await patientBrowser.fetch('/api/chat/channels', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appointmentId: booking.id }),
  });
  if (opened.status !== 200) throw new Error(`chat channel not opened in ${key}: ${opened.status} ${await opened.text()}`);
  const channel = ((await opened.json()) as { data: ChatChannel }).data;

  const [conversation] = await db
    .insert(conversations)
    .values({ organisationId: orgId, patientId, createdByPatientId: patientId, kind: 'direct', subject: 'Matriisi', expertId })
    .returning({ id: conversations.id });
  const [message] = await db
    .insert(conversationMessages)
    .values({ conversationId: conversation!.id, authorPatientId: patientId, type: 'text', body: 'Hei' })
    .returning({ id: conversationMessages.id });
  const { versionId } = await makeTemplate(db, orgId);
  const responseId = await makeResponse(db, orgId, patientId, versionId);

  Object.assign(objects, {
    booking: booking.id,
    chatChannel: channel.id,
    chatQueue: queueId,
    conversation: conversation!.id,
    conversationMessage: message!.id,
    surveyResponse: responseId,
    patient: patientId,
  });
  return { objects: objects as Record<ObjectKind, string>, patientBrowser, expert: expert.browser, guestToken: guest.token };
}

/**
 * The world of the access matrix, built once per file: two organisations each with the objects above, and the
 * thirteen callers, every one signed in through the real routes (patients through the identity provider, staff
 * through `POST /api/sso/login`; guests get their token as guest sign-in issues it).
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const orgs: Record<OrgKey, string> = { espoo: await organisationId(t, 'espoo-demo'), kaarina: await organisationId(t, 'kaarina-demo') };
  const espoo = await buildOrganisation(t, 'espoo', orgs.espoo, AINO);
  const kaarina = await buildOrganisation(t, 'kaarina', orgs.kaarina, SARA);
  const flags = { espoo: await flagsOf(t, orgs.espoo), kaarina: await flagsOf(t, orgs.kaarina) };
  const patientProfile = (org: OrgKey): CallerProfile => ({
    session: 'patient',
    bearer: 'none',
    patient: { organisation: { flags: flags[org], termsAccepted: true } },
  });
  const staff = (cookies: Record<string, string>) => ({ cookies, bearer: undefined });

  // Matti signs in, chooses Espoo and asks to act for Aino, for whom he holds no mandate: refused, he stays himself.
  const matti = await signedInPatient(t, MATTI, orgs.espoo);
  const refusal = await onBehalfSteps(t).pick(matti, { principal: AINO });
  if (refusal !== '/landing?onBehalfError=notAllowed') throw new Error(`acting without a mandate was not refused: ${refusal}`);

  const admin = async (name: string, opts: Parameters<typeof signedInStaff>[2], rights: AdminRights): Promise<MatrixCaller> => {
    const { browser } = await signedInStaff(t, orgs.espoo, opts);
    return {
      name,
      home: 'espoo',
      ...staff(cookiesOf(browser)),
      profile: {
        session: 'admin',
        bearer: 'none',
        admin: { isGlobalAdmin: opts.isGlobalAdmin ?? false, organisationChosen: true, rights },
      },
      isGlobalAdmin: opts.isGlobalAdmin ?? false,
      ownsHomeObjects: true,
    };
  };
  const onlyChatCodesView = { ...NO_RIGHTS, chatCodes: { view: true, edit: false } };
  const callers: MatrixCaller[] = [
    {
      name: 'anonymous',
      home: 'espoo',
      cookies: cookiesOf(new TestBrowser(t.baseUrl)),
      profile: { session: 'none', bearer: 'none' },
      isGlobalAdmin: false,
      ownsHomeObjects: false,
    },
    {
      name: 'patient',
      home: 'espoo',
      cookies: cookiesOf(espoo.patientBrowser),
      profile: patientProfile('espoo'),
      isGlobalAdmin: false,
      ownsHomeObjects: true,
    },
    {
      name: 'patient of another organisation',
      home: 'kaarina',
      cookies: cookiesOf(kaarina.patientBrowser),
      profile: patientProfile('kaarina'),
      isGlobalAdmin: false,
      ownsHomeObjects: true,
    },
    {
      name: 'acting without a mandate',
      home: 'espoo',
      cookies: cookiesOf(matti),
      profile: patientProfile('espoo'),
      isGlobalAdmin: false,
      ownsHomeObjects: false,
    },
    {
      name: 'guest',
      home: 'espoo',
      cookies: cookiesOf(new TestBrowser(t.baseUrl)),
      bearer: espoo.guestToken,
      profile: { session: 'none', bearer: 'guest' },
      isGlobalAdmin: false,
      ownsHomeObjects: true,
    },
    {
      name: 'guest of another appointment',
      home: 'kaarina',
      cookies: cookiesOf(new TestBrowser(t.baseUrl)),
      bearer: kaarina.guestToken,
      profile: { session: 'none', bearer: 'guest' },
      isGlobalAdmin: false,
      ownsHomeObjects: true,
    },
    {
      name: 'expert',
      home: 'espoo',
      ...staff(cookiesOf(espoo.expert)),
      profile: { session: 'expert', bearer: 'none' },
      isGlobalAdmin: false,
      ownsHomeObjects: true,
    },
    {
      name: 'expert of another organisation',
      home: 'kaarina',
      ...staff(cookiesOf(kaarina.expert)),
      profile: { session: 'expert', bearer: 'none' },
      isGlobalAdmin: false,
      ownsHomeObjects: true,
    },
    await admin('booker', { appRole: 'admin', preset: 'booker' }, PRESET_RIGHTS.booker),
    await admin('operational admin', { appRole: 'admin', preset: 'operationalAdmin' }, PRESET_RIGHTS.operationalAdmin),
    await admin('organisation admin', { appRole: 'admin', preset: 'organisationAdmin' }, PRESET_RIGHTS.organisationAdmin),
    await admin('custom rights (chat codes view)', { appRole: 'admin', preset: 'custom', rights: onlyChatCodesView }, onlyChatCodesView),
    await admin(
      'global admin',
      { appRole: 'admin', preset: 'custom', rights: NO_RIGHTS, isGlobalAdmin: true },
      PRESET_RIGHTS.organisationAdmin,
    ),
  ];
  return { orgs, objects: { espoo: espoo.objects, kaarina: kaarina.objects }, callers };
}

/** Where a path parameter's value comes from: an object of the world, or a fixed value when it names no object. */
type ParamSource = ObjectKind | { literal: string };

const ABSENT_ID = '00000000-0000-4000-8000-000000000000';

/** Path parameters that name no object of an organisation: a syntactically valid value reaches the guard and past it. */
const LITERAL_PARAMS: Record<string, string> = {
  lang: 'fi',
  kind: 'logo',
  specialization: 'nurse',
  code: 'PHYSIO2026',
  token: 'x'.repeat(43),
  roleAndOrg: 'x',
  // The FHIR API's resource type: what it names is the API client's organisation's, never a session's.
  type: 'Appointment',
};

/** The object kind of path parameters outside the admin routes (those declare theirs), by the path they appear in. */
const PATH_OBJECTS: [RegExp, Record<string, ObjectKind>][] = [
  [/^\/api\/(config|files\/organisations)\//, { companyId: 'organisation', id: 'organisation' }],
  [/\/(chat|video)\/channels\/:id|\/services\/metadata\//, { id: 'chatChannel', uuid: 'chatChannel' }],
  [/\/expert\/chats\/:channelId\//, { channelId: 'chatChannel' }],
  [/\/services\/(lock|unlock|book)\//, { uuid: 'appointment', id: 'appointment' }],
  [/\/(expert\/appointments|expert\/chat\/appointments|expert\/breaks|guest\/|services\/cancel)/, { id: 'booking', uuid: 'booking' }],
  [/\/async-messaging\/conversations\/:id/, { id: 'conversation' }],
  [/\/async-messaging\/subcategories\/:subId\/messages\/:id/, { subId: 'messageSubcategory', id: 'conversationMessage' }],
  [/\/async-messaging\/subcategories\/:id/, { id: 'messageSubcategory' }],
  [/\/async-messaging\/categories\/:id/, { id: 'messageCategory', requestId: 'conversation' }],
  [/\/async-messaging\/:messageId\//, { messageId: 'conversationMessage' }],
  [/\/survey(-expert)?\/[a-z_]+\/:responseId/, { responseId: 'surveyResponse' }],
  [/\/contact-history\/:patientId/, { patientId: 'patient' }],
  [/\/queues\/:queueId/, { queueId: 'chatQueue' }],
  [/^\/api\/admin\/global-users\/:id/, { id: 'adminUser' }],
];

/** The source of each of a route's path parameters. */
export function paramSources(route: DeclaredRoute): Record<string, ParamSource> {
  const sources: Record<string, ParamSource> = {};
  const declared = route.access.kind === 'admin' ? (route.access.object as ObjectKind | undefined) : undefined;
  for (const match of route.path.matchAll(/:([A-Za-z]+)/g)) {
    const name = match[1]!;
    const fromPath = PATH_OBJECTS.find(([re, params]) => re.test(route.path) && params[name])?.[1][name];
    const literal = name === 'dateMs' ? String(Date.now()) : LITERAL_PARAMS[name];
    sources[name] = literal !== undefined ? { literal } : (fromPath ?? declared ?? { literal: ABSENT_ID });
  }
  return sources;
}

/** The object kinds a route's path names (empty: the route names no object, and runs once per caller). */
export function objectKinds(route: DeclaredRoute): ObjectKind[] {
  return Object.values(paramSources(route)).filter((s): s is ObjectKind => typeof s === 'string');
}

/** The route's path with its parameters filled from organisation `org`'s objects. */
export function pathFor(route: DeclaredRoute, world: World, org: OrgKey): string {
  const sources = paramSources(route);
  return route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const source = sources[name]!;
    return encodeURIComponent(typeof source === 'string' ? world.objects[org][source]! : source.literal);
  });
}
