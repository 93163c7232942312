import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures';
import { RELAY_PORT, mediaMissing } from './playwright.config';
import { type MediaInfo, coturnAllocations, mediaInfoFile } from './support/media-servers';
import {
  VIDEO_EXPERT_NAME,
  bookVideoAppointment,
  closeCallPages,
  expectMediaFrom,
  expertAccepts,
  expertSignsIn,
  joinCall,
  newPerson,
  patientStarts,
  selectedPaths,
} from './video-steps';

// The server on RELAY_PORT forces every path through TURN (VIDEO_ICE_POLICY=relay) and points at the test's
// coturn on loopback with REST shared-secret credentials (e2e/support/video-server.ts starts both).
test.use({ baseURL: `http://localhost:${RELAY_PORT}` });
test.skip(mediaMissing.relay !== null, mediaMissing.relay ?? '');

test.afterEach(closeCallPages);

test('a relay-only one-to-one call goes through coturn: both sides receive media over relayed candidates', async ({ browser }) => {
  test.setTimeout(180_000);
  const info = JSON.parse(readFileSync(mediaInfoFile('relay'), 'utf8')) as MediaInfo;
  const allocationsBefore = coturnAllocations(info.turnLog!);
  const person = newPerson('Reija', 'Rele');
  const patientName = `${person.given} ${person.family}`;
  const { name } = await bookVideoAppointment(browser, { kind: 'oneOnOne', patient: person });
  const patient = await patientStarts(browser, person, name, { record: true });
  const expert = await expertSignsIn(browser, { record: true });
  const workspace = await expertAccepts(expert, patientName);

  const expertPanel = await joinCall(workspace);
  const patientPanel = await joinCall(patient);
  await expectMediaFrom(patientPanel, [VIDEO_EXPERT_NAME]);
  await expectMediaFrom(expertPanel, [patientName]);
  await expectAccessible(patient);
  await expectAccessible(expert);

  // Each side's connection was made with the relay policy, and its selected pair is relayed at our end.
  for (const page of [patient, expert]) {
    const paths = await selectedPaths(page);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      expect(path.policy).toBe('relay');
      expect(path.local).toBe('relay');
    }
  }
  // coturn granted the allocations (one per side at least).
  expect(coturnAllocations(info.turnLog!) - allocationsBefore).toBeGreaterThanOrEqual(2);
});
