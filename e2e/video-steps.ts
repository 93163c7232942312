// Steps of the video journeys (e2e/video*.spec.ts) and the video bench: booking a video appointment, the patient,
// expert and guest reaching its channel, joining the call and checking that the others' media arrives.
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, latestMailTo, newExpert, staffSignIn, uniqueEmail } from './admin-fixtures';
import { adminCall, clearExpertTime, helsinkiDateOf, helsinkiTime } from './booking-steps';
import { expectAccessible } from './fixtures';
import { freshSsn, onboard, signInAsNewPerson } from './patient-steps';

/** The demo doctor hosts the video journeys (the nurse's calendar belongs to the chat journeys). */
export const VIDEO_EXPERT = 'doctor@espoo.example';
export const VIDEO_EXPERT_NAME = 'Lauri Lääkäri';
/** Every video journey's appointment is named so. */
export const VIDEO_PREFIX = 'Videovastaanotto ';
/** Who hosts a journey's call: the demo doctor, or an expert the journey made (a password of their own). */
export type Host = { email: string; name: string; password?: string };
const DOCTOR: Host = { email: VIDEO_EXPERT, name: VIDEO_EXPERT_NAME };

type Person = { given: string; family: string; ssn: string; email: string };

/** A family name no earlier run used (runs may share a database). */
export function uniqueFamily(base: string): string {
  const letters = Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${base}-${letters}`;
}

export function newPerson(given: string, base: string): Person {
  return { given, family: uniqueFamily(base), ssn: freshSsn(), email: uniqueEmail(given.toLowerCase()) };
}

export type Booked = { name: string; guest: { link: string; pin: string } | null };

/**
 * An organisation admin books a video appointment (`video: true`: type `basic` one-to-one or `group-video`) for
 * the demo doctor (or another `host`), starting within the next two minutes (its channel opens 5 minutes before the start). Open
 * timeslots and the doctor's other appointments in the way are taken out first. With a guest, the guest's
 * invitation mail is read for the guest page's address and the PIN.
 */
export async function bookVideoAppointment(
  browser: Browser,
  booking: { kind: 'oneOnOne'; patient: Person } | { kind: 'group'; patients: Person[]; guest?: { name: string; email: string } },
  hostExpert: Host = DOCTOR,
): Promise<Booked> {
  const admin = await (await browser.newContext()).newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const experts = await adminCall<{ id: string; name: string }[]>(admin, '/api/admin/bookings/experts');
  const host = experts.data.find((e) => e.name === hostExpert.name);
  expect(host, `${hostExpert.name} is an expert of the demo organisation`).toBeDefined();
  const startMs = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
  const durationMinutes = 20;
  const date = helsinkiDateOf(startMs);
  // Journeys run one at a time: whatever else the doctor has then (open timeslots, an earlier journey's) goes.
  await clearExpertTime(admin, host!.id, startMs, durationMinutes);
  const name = `${VIDEO_PREFIX}${uniqueFamily('e2e')}`;
  const patientInput = (p: Person) => ({
    ssn: p.ssn,
    firstName: p.given,
    lastName: p.family,
    email: p.email,
    language: 'fi',
    nationality: 'FI',
  });
  const common = { expertId: host!.id, name, date, startTime: helsinkiTime(startMs), durationMinutes, video: true };
  const created = await adminCall(
    admin,
    '/api/admin/bookings/create',
    booking.kind === 'oneOnOne'
      ? { ...common, kind: 'oneOnOne', patient: patientInput(booking.patient), sendConfirmation: false }
      : {
          ...common,
          kind: 'group',
          hostExpertId: host!.id,
          patients: booking.patients.map(patientInput),
          guests: booking.guest ? [{ ...booking.guest, language: 'fi' }] : [],
          // The guest's invitation (with the PIN) goes out with the confirmations.
          sendConfirmation: Boolean(booking.guest),
        },
  );
  expect(created.statusCode, JSON.stringify(created)).toBe(200);
  let guest: Booked['guest'] = null;
  if (booking.kind === 'group' && booking.guest) {
    const mail = await latestMailTo(admin, booking.guest.email);
    const link = mail.links.find((l) => /\/guest\/[0-9a-f-]{36}/.test(l)) ?? mail.text.match(/https?:\/\/\S+\/guest\/[0-9a-f-]{36}/)?.[0];
    const pin = mail.text.match(/PIN\D{0,20}(\d{6})\b/)?.[1];
    expect(link, 'the invitation links the guest page').toBeDefined();
    expect(pin, 'the invitation carries the PIN').toBeDefined();
    guest = { link: new URL(link!).pathname, pin: pin! };
  }
  await admin.context().close();
  return { name, guest };
}

/** `record`: keep the page's peer connections for selectedPaths(). */
export type PageOptions = { record?: boolean };

/** The contexts the calls' pages live in, until closeCallPages. */
const callContexts = new Set<BrowserContext>();

async function newPage(browser: Browser, opts: PageOptions): Promise<Page> {
  const context = await browser.newContext();
  callContexts.add(context);
  if (opts.record) await recordPeerConnections(context);
  return context.newPage();
}

/**
 * After each video journey (test.afterEach): closes its calls' pages. The browser is the worker's and outlives the
 * journey, and a call left open goes on encoding the synthetic camera and microphone through every later journey:
 * the one-to-one journey after the Janus and relay ones took over 180 s instead of 25 s.
 */
export async function closeCallPages(): Promise<void> {
  await Promise.all([...callContexts].map((context) => context.close()));
  callContexts.clear();
}

/** A booked patient signs in (new to the run), onboards and starts the appointment from service selection. */
export async function patientStarts(browser: Browser, person: Person, appointment: string, opts: PageOptions = {}): Promise<Page> {
  const page = await newPage(browser, opts);
  await signInAsNewPerson(page, person.given, person.family, person.ssn);
  await onboard(page, { email: person.email, dontShowWelcome: true });
  await page.goto('/services');
  await page.getByRole('button', { name: new RegExp(appointment) }).click();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: /^Aloita/ })
    .click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}/);
  return page;
}

/** A patient new to the run signs in, onboards and queues in a service's chat, skipping its optional self-assessment. */
export async function patientWalksIn(browser: Browser, person: Person, service: string): Promise<Page> {
  const page = await newPage(browser, {});
  await signInAsNewPerson(page, person.given, person.family, person.ssn);
  await onboard(page, { email: person.email, dontShowWelcome: true });
  await page.goto('/services');
  await page.getByRole('link', { name: new RegExp(`^Aloita\\s*: ${service}$`) }).click();
  await page.getByRole('button', { name: 'Ohita oirekysely ja jatka chattiin' }).click();
  await expect(page.getByRole('heading', { name: 'Olet jonossa' })).toBeVisible();
  return page;
}

/** The invited guest signs in on the guest page with e-mail and PIN and starts the group. */
export async function guestStarts(
  browser: Browser,
  guest: { email: string },
  invitation: { link: string; pin: string },
  opts: PageOptions = {},
): Promise<Page> {
  const page = await newPage(browser, opts);
  await page.goto(invitation.link);
  await expect(page.getByRole('textbox', { name: 'PIN-koodi' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Sähköpostiosoite' }).fill(guest.email);
  await page.getByRole('textbox', { name: 'PIN-koodi' }).fill(invitation.pin);
  await page.getByRole('button', { name: 'Jatka' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vastaanottosi' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Aloita' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\?channel=/);
  return page;
}

/** The demo doctor (or another `host`) signs in to the desk. */
export async function expertSignsIn(browser: Browser, opts: PageOptions = {}, host: Host = DOCTOR): Promise<Page> {
  const page = await newPage(browser, opts);
  await staffSignIn(page, 'expert', host.email, host.password);
  await expect(page).toHaveURL(/\/expert\/desktop$/);
  return page;
}

/** The expert takes the waiting one-to-one patient from the queue; answers the chat's area on the desk. */
export async function expertAccepts(expert: Page, patientName: string): Promise<Locator> {
  const queues = expert.getByRole('region', { name: 'Jonot' });
  await queues.getByRole('button', { name: new RegExp(`^Ota vastaan\\s*: ${patientName}$`) }).click();
  const workspace = expert.getByRole('region', { name: 'Chatit' });
  await expect(workspace.getByRole('heading', { level: 3, name: patientName })).toBeVisible();
  return workspace;
}

/** The expert opens the group's tab on the desk (named after the appointment); answers the group's chat. */
export async function expertOpensGroup(expert: Page, appointment: string): Promise<Locator> {
  const workspace = expert.getByRole('region', { name: 'Chatit' });
  const tab = workspace.getByRole('button', { name: appointment, exact: true });
  await expect(tab).toBeVisible();
  await tab.click();
  return workspace.getByRole('article', { name: appointment });
}

/** A nurse of the journey's own (admin-fixtures newExpert) serving the nurse chat, whose calendar is empty. */
export async function newNurse(browser: Browser): Promise<Host> {
  const admin = await (await browser.newContext()).newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const nurse = await newExpert(admin, 'Noora');
  await admin.context().close();
  return nurse;
}

/** The call's panel inside `scope` (a page, or the expert's chat). */
export function videoPanel(scope: Page | Locator): Locator {
  return scope.getByRole('region', { name: 'Videopuhelu' });
}

/** Presses 'join' in the call's panel and waits until the call's controls show. */
export async function joinCall(scope: Page | Locator): Promise<Locator> {
  const panel = videoPanel(scope);
  await panel.getByRole('button', { name: 'Liity videopuheluun' }).click();
  await expect(panel.getByRole('group', { name: 'Puhelun painikkeet' })).toBeVisible();
  return panel;
}

/**
 * Every one of `names`' tiles in the panel plays the other's video (`videoWidth > 0`) and its received bytes (the
 * tile's inbound-rtp count from getStats) grow between two readings.
 */
export async function expectMediaFrom(panel: Locator, names: string[]): Promise<void> {
  for (const name of names) {
    const tile = panel.locator('figure.video-tile').filter({ hasText: name });
    const video = tile.locator('video[data-peer-id]');
    await expect(video).toHaveCount(1);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
    const bytes = tile.locator('[data-bytes-received]');
    const read = async () => Number(await bytes.getAttribute('data-bytes-received'));
    const first = await read();
    await expect.poll(read, { timeout: 15_000 }).toBeGreaterThan(first);
  }
}

/**
 * Keeps every RTCPeerConnection the pages of `context` make (the app does not expose them), so a journey can ask
 * which path the media took. Add before the context's first page.
 */
export async function recordPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const seen: RTCPeerConnection[] = [];
    (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections = seen;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        seen.push(this);
      }
    };
  });
}

export type SelectedPath = { policy: string | undefined; local: string; remote: string; remoteAddress: string };

/** The selected candidate pair of each connected peer connection on the page: candidate types and addresses. */
export async function selectedPaths(page: Page): Promise<SelectedPath[]> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __peerConnections?: RTCPeerConnection[] }).__peerConnections ?? [];
    const out: { policy: string | undefined; local: string; remote: string; remoteAddress: string }[] = [];
    for (const pc of pcs) {
      if (pc.connectionState !== 'connected') continue;
      const stats = new Map<string, Record<string, unknown>>();
      (await pc.getStats()).forEach((s: Record<string, unknown>) => stats.set(s.id as string, s));
      const transport = [...stats.values()].find((s) => s.type === 'transport' && s.selectedCandidatePairId);
      const pair = transport ? stats.get(transport.selectedCandidatePairId as string) : undefined;
      if (!pair) continue;
      const local = stats.get(pair.localCandidateId as string);
      const remote = stats.get(pair.remoteCandidateId as string);
      out.push({
        policy: pc.getConfiguration().iceTransportPolicy,
        local: String(local?.candidateType),
        remote: String(remote?.candidateType),
        remoteAddress: String(remote?.address ?? remote?.ip),
      });
    }
    return out;
  });
}
