import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { uniqueEmail } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { JANUS_PORT, mediaMissing } from './playwright.config';
import { type MediaInfo, mediaInfoFile } from './support/media-servers';
import {
  VIDEO_EXPERT_NAME,
  bookVideoAppointment,
  closeCallPages,
  expectMediaFrom,
  expertOpensGroup,
  expertSignsIn,
  guestStarts,
  joinCall,
  newPerson,
  patientStarts,
  selectedPaths,
} from './video-steps';

// The server on JANUS_PORT runs every call through Janus (VIDEO_PROVIDER=janus), which runs in a network
// namespace joined to the host by a veth pair (e2e/support/video-server.ts): Janus gathers no candidates on
// loopback alone.
test.use({ baseURL: `http://localhost:${JANUS_PORT}` });
test.skip(mediaMissing.janus !== null, mediaMissing.janus ?? '');

test.afterEach(closeCallPages);

test('a three-party room through Janus: the expert, a patient and a guest receive each other through the SFU', async ({ browser }) => {
  test.setTimeout(240_000);
  const info = JSON.parse(readFileSync(mediaInfoFile('janus'), 'utf8')) as MediaInfo;
  const janusHost = new URL(info.janusUrl!).hostname;
  const person = newPerson('Jaana', 'Janus');
  const patientName = `${person.given} ${person.family}`;
  const guestInput = { name: `Gideon ${newPerson('G', 'Vieras').family}`, email: uniqueEmail('janus.guest') };
  const booked = await bookVideoAppointment(browser, { kind: 'group', patients: [person], guest: guestInput });

  const patient = await patientStarts(browser, person, booked.name, { record: true });
  const guest = await guestStarts(browser, guestInput, booked.guest!, { record: true });
  const expert = await expertSignsIn(browser, { record: true });
  const chat = await expertOpensGroup(expert, booked.name);

  const expertPanel = await joinCall(chat);
  const patientPanel = await joinCall(patient);
  const guestPanel = await joinCall(guest);

  await expectMediaFrom(expertPanel, [patientName, guestInput.name]);
  await expectMediaFrom(patientPanel, [VIDEO_EXPERT_NAME, guestInput.name]);
  await expectMediaFrom(guestPanel, [VIDEO_EXPERT_NAME, patientName]);
  await expectAccessible(expert);
  await expectAccessible(patient);
  await expectAccessible(guest);

  // Every connection of every page ends at Janus (its namespace's address), none from browser to browser.
  for (const page of [expert, patient, guest]) {
    const paths = await selectedPaths(page);
    // One publisher and one subscriber per other person, at least.
    expect(paths.length).toBeGreaterThanOrEqual(2);
    for (const path of paths) expect(path.remoteAddress).toBe(janusHost);
  }
});
