import { expect, test } from '@playwright/test';
import { uniqueEmail } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { expectOnFirstScreen } from './phone';
import {
  VIDEO_EXPERT_NAME,
  bookVideoAppointment,
  closeCallPages,
  expectMediaFrom,
  expertAccepts,
  expertOpensGroup,
  expertSignsIn,
  guestStarts,
  joinCall,
  newNurse,
  newPerson,
  patientStarts,
  patientWalksIn,
  videoPanel,
} from './video-steps';

// Peer to peer (VIDEO_PROVIDER=mesh, the default) on the main server: Chromium's synthetic camera and microphone,
// ICE over loopback. The relay-only and Janus journeys are in video-relay.spec.ts and video-janus.spec.ts.

test.afterEach(closeCallPages);

test('one-to-one video: the patient and the expert see and hear each other, and a muted microphone shows on the other side', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const person = newPerson('Vilma', 'Video');
  const patientName = `${person.given} ${person.family}`;
  const { name } = await bookVideoAppointment(browser, { kind: 'oneOnOne', patient: person });

  // The patient starts the appointment and waits; the expert takes them from the queue.
  const patient = await patientStarts(browser, person, name);
  await expect(patient.getByRole('heading', { name: 'Olet jonossa' })).toBeVisible();
  // A booked patient waits for their own professional: the start time or 'running late', never the queue's estimate.
  const wait = patient.locator('.waiting-figures');
  await expect(wait).toContainText(/Vastaanottosi alkaa klo \d{2}\.\d{2}\.|Ammattilainen on hieman myöhässä, pysy tällä sivulla\./);
  await expect(wait).not.toContainText('Arvioitu odotusaika');
  await expectAccessible(patient);
  const expert = await expertSignsIn(browser);
  // The window the desk was found wanting in (issue 28): a laptop's 1280×900.
  await expert.setViewportSize({ width: 1280, height: 900 });
  const workspace = await expertAccepts(expert, patientName);

  // The call sits beside the chat on both sides; the expert joins first and waits for the patient.
  const expertPanel = await joinCall(workspace);
  await expect(expertPanel.getByText('Odotetaan muiden liittymistä.')).toBeVisible();
  await expectAccessible(expert);
  await expect(videoPanel(patient).getByRole('button', { name: 'Liity videopuheluun' })).toBeVisible();
  await expectAccessible(patient);
  const patientPanel = await joinCall(patient);

  // Each side receives the other's frames, and the bytes keep coming.
  await expectMediaFrom(patientPanel, [VIDEO_EXPERT_NAME]);
  await expectMediaFrom(expertPanel, [patientName]);
  await expect(patientPanel.getByRole('region', { name: 'Puhelussa (2)' })).toBeVisible();
  await expectAccessible(patient);
  await expectAccessible(expert);
  // The patient's video is on the expert's first screen beside the chat, not pushed below the queues (issue 28).
  await expectOnFirstScreen(expert, expertPanel.locator('figure.video-tile').filter({ hasText: patientName }).locator('video'));

  // The patient mutes the microphone: the expert's tile and participant list say so.
  const mic = patientPanel.getByRole('button', { name: 'Mikrofoni' });
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await mic.click();
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await expect(expertPanel.locator('figure.video-tile').filter({ hasText: patientName })).toContainText('mikrofoni pois');
  await expect(expertPanel.getByRole('region', { name: 'Puhelussa (2)' })).toContainText(`${patientName} (potilas): mikrofoni pois`);
  await mic.click();
  await expect(expertPanel.locator('figure.video-tile').filter({ hasText: patientName })).not.toContainText('mikrofoni pois');

  // The patient leaves the call (the chat goes on); the expert waits alone again.
  await patientPanel.getByRole('button', { name: 'Poistu videopuhelusta' }).click();
  await expect(patientPanel.getByText('Poistuit videopuhelusta.')).toBeVisible();
  await expect(expertPanel.getByText('Odotetaan muiden liittymistä.')).toBeVisible();
  await expectAccessible(patient);
});

test('group video of three: the expert, a patient and a guest who signed in with e-mail and PIN all see each other', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const person = newPerson('Pekka', 'Ryhmävideo');
  const patientName = `${person.given} ${person.family}`;
  const guestInput = { name: `Gunilla ${newPerson('G', 'Vieras').family}`, email: uniqueEmail('video.guest') };
  const booked = await bookVideoAppointment(browser, { kind: 'group', patients: [person], guest: guestInput });

  const patient = await patientStarts(browser, person, booked.name);
  await expect(patient.getByRole('heading', { name: 'Osallistujat' })).toBeVisible();
  const guest = await guestStarts(browser, guestInput, booked.guest!);
  await expect(guest.getByRole('heading', { name: 'Osallistujat' })).toBeVisible();
  const expert = await expertSignsIn(browser);
  const chat = await expertOpensGroup(expert, booked.name);

  const expertPanel = await joinCall(chat);
  const patientPanel = await joinCall(patient);
  const guestPanel = await joinCall(guest);
  await expectAccessible(guest);

  await expectMediaFrom(expertPanel, [patientName, guestInput.name]);
  await expectMediaFrom(patientPanel, [VIDEO_EXPERT_NAME, guestInput.name]);
  await expectMediaFrom(guestPanel, [VIDEO_EXPERT_NAME, patientName]);
  await expect(guestPanel.getByRole('region', { name: 'Puhelussa (3)' })).toContainText(`${guestInput.name} (sinä)`);
  await expectAccessible(expert);
  await expectAccessible(patient);
  await expectAccessible(guest);
});

test('the nurse ends a walk-in chat while her video call with another patient goes on: her own feedback is asked on the desk and the call survives', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const caller = newPerson('Ville', 'Videolla');
  const callerName = `${caller.given} ${caller.family}`;
  const nurse = await newNurse(browser);
  const { name } = await bookVideoAppointment(browser, { kind: 'oneOnOne', patient: caller }, nurse);

  // The nurse takes her booked video patient and both join the call.
  const patient = await patientStarts(browser, caller, name);
  const expert = await expertSignsIn(browser, {}, nurse);
  const desk = await expertAccepts(expert, callerName);
  const expertPanel = await joinCall(desk);
  const patientPanel = await joinCall(patient);
  await expectMediaFrom(expertPanel, [callerName]);
  await expectMediaFrom(patientPanel, [nurse.name]);

  // Meanwhile another patient writes in the nurse chat; the nurse takes her too and ends that chat.
  const walker = newPerson('Kerttu', 'Kävijä');
  const walkerName = `${walker.given} ${walker.family}`;
  const walkIn = await patientWalksIn(browser, walker, 'Sairaanhoitajan chat');
  await expertAccepts(expert, walkerName);
  await desk.getByRole('button', { name: 'Lopeta chat' }).click();
  await expert.getByRole('dialog', { name: 'Lopetetaanko chat?' }).getByRole('button', { name: 'Lopeta chat' }).click();
  await walkIn.getByRole('button', { name: 'Jatka palautteeseen' }).click();
  await expect(walkIn).toHaveURL(/\/feedback$/);

  // Her own feedback is asked in the ended chat's place: she stays on the desk, and the call goes on on both sides.
  const feedback = desk.getByRole('region', { name: 'Palaute keskustelusta' });
  await expect(feedback.getByRole('heading', { level: 4, name: 'Palaute keskustelusta' })).toBeFocused();
  await expect(expert).toHaveURL(/\/expert\/desktop(\?|$)/);
  await expectAccessible(expert);
  await feedback.getByRole('radio', { name: '6' }).check();
  await feedback.getByRole('button', { name: 'Lähetä' }).click();
  await expect(expert.getByText('Kiitos palautteestasi.')).toBeVisible();
  await expect(patientPanel.getByRole('region', { name: 'Puhelussa (2)' })).toBeVisible();
  await expect(patient.getByText(/poistui videopuhelusta/)).toHaveCount(0);
  await expectMediaFrom(patientPanel, [nurse.name]);
  await desk.getByRole('button', { name: new RegExp(`^${callerName}`) }).click();
  await expectMediaFrom(expertPanel, [callerName]);
  await expectAccessible(expert);
});
