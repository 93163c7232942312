import type { ChatChannel } from '@prsp/contracts';
import { bookingExpert, daysAheadAt, onboardedPatients, openSlots } from '../../modules/booking/booking.steps';
import { chatExpert, serviceId } from '../../modules/chat/chat.steps';
import { okData, organisationBySlug, postJson } from '../../modules/patients/patient.steps';
import type { TestBrowser } from '../http-client';
import type { TestApp } from '../test-app';

/** Who takes part in a fault test's load: patients with a slot each, and a chat already taken by an expert. */
export type FaultCast = {
  patients: TestBrowser[];
  slots: string[];
  chat: { patient: TestBrowser; expert: TestBrowser; channelId: string };
};

/** Open half-hour slots 08:00–16:00 Helsinki time from the day after tomorrow on, `n` in all, of one new expert. */
function slotTimes(n: number): Date[] {
  return Array.from({ length: n }, (_, i) => daysAheadAt(2 + Math.floor(i / 16), 8 + Math.floor((i % 16) / 2), (i % 2) * 30));
}

/**
 * `slots` onboarded patients of the demo organisation each with an open slot of their own, and one more patient in a
 * chat the nurse has taken, made through the same steps as the booking and chat integration tests.
 */
export async function faultCast(t: TestApp, slots: number): Promise<FaultCast> {
  const espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  const expert = await bookingExpert(t, espoo, 'psychologist');
  const slotIds = await openSlots(t, espoo, expert.id, slotTimes(slots));
  const [chatPatient, ...patients] = await onboardedPatients(t, espoo, slots + 1);
  const nurse = await chatExpert(t, espoo, 'espoo-nurse');
  const channel = await okData<ChatChannel>(
    postJson(chatPatient!, '/api/chat/channels', { serviceId: await serviceId(t, espoo, 'nurse') }),
  );
  await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/accept`));
  return { patients, slots: slotIds, chat: { patient: chatPatient!, expert: nurse.browser, channelId: channel.id } };
}
