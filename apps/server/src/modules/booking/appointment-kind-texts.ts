import { isVideoKind, type Language, type MeetingKind } from '@prsp/contracts';

/**
 * How an appointment is held, in the words of the e-mails and calendar entries (issue 29: they never said chat,
 * video or group): the `appointmentKind` tag and the kind in an invitation's summary and description.
 */
export const KIND_NAMES: Record<Language, Record<MeetingKind, string>> = {
  fi: { chat: 'chat', video: 'video', group: 'ryhmächat', groupVideo: 'ryhmävideo' },
  se: { chat: 'chatt', video: 'video', group: 'gruppchatt', groupVideo: 'gruppvideo' },
  en: { chat: 'chat', video: 'video', group: 'group chat', groupVideo: 'group video' },
};

const DEVICE_CHECK: Record<Language, string> = {
  fi: 'Testaa laitteesi etukäteen:',
  se: 'Testa din utrustning i förväg:',
  en: 'Test your device beforehand:',
};

/**
 * Where a recipient checks their camera, microphone and connection before a video appointment: the patient app's
 * device check, the expert app's, and for a guest the guest page (the device check opens once they have signed in
 * there with their e-mail and PIN; the patients' page would send them to bank identification).
 */
export function deviceCheckLink(
  publicUrl: string,
  role: 'patient' | 'guest' | 'expert',
  appointmentId: string,
  language: Language,
): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (role === 'guest') return `${base}/guest/${appointmentId}?lang=${language}`;
  return role === 'expert' ? `${base}/expert/device-check` : `${base}/device-check`;
}

/** The `deviceCheck` tag: 'Testaa laitteesi etukäteen: <link>' for a video appointment, empty (no paragraph) for a chat. */
export function deviceCheckLine(kind: MeetingKind, link: string, language: Language): string {
  return isVideoKind(kind) ? `${DEVICE_CHECK[language]} ${link}` : '';
}
