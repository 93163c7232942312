import { formatInstant, type Language, type PushEvent, type PushPayload } from '@prsp/contracts';

type Texts = { title: string; body: (v: { time: string }) => string };

/**
 * What a push says, per event and language. A notification is shown on a lock screen, so it tells only that
 * something waits and, for an appointment, its time: no names, services, organisations or message text.
 */
export const PUSH_TEXTS: Record<PushEvent, Record<Language, Texts>> = {
  newMessage: {
    fi: { title: 'Uusi viesti', body: () => 'Sinulle on uusi viesti. Kirjaudu lukemaan se.' },
    se: { title: 'Nytt meddelande', body: () => 'Du har ett nytt meddelande. Logga in för att läsa det.' },
    en: { title: 'New message', body: () => 'You have a new message. Sign in to read it.' },
  },
  queueTurn: {
    fi: { title: 'On vuorosi', body: () => 'On vuorosi. Palaa keskusteluun.' },
    se: { title: 'Det är din tur', body: () => 'Det är din tur. Gå tillbaka till chatten.' },
    en: { title: 'It is your turn', body: () => 'It is your turn. Go back to the chat.' },
  },
  appointmentSoon: {
    fi: { title: 'Vastaanotto alkaa pian', body: (v) => `Vastaanottosi alkaa klo ${v.time}.` },
    se: { title: 'Mottagningen börjar snart', body: (v) => `Din mottagning börjar kl. ${v.time}.` },
    en: { title: 'Your appointment starts soon', body: (v) => `Your appointment starts at ${v.time}.` },
  },
};

/** Where a click on the notification leads (a path of the patient app, opened by the service worker). */
export type PushTarget =
  { event: 'newMessage' } | { event: 'queueTurn'; serviceId: string | null } | { event: 'appointmentSoon'; startsAt: Date };

/** The payload of one push in the recipient's language; `tag` lets a newer notice of the same kind replace an older. */
export function pushPayload(target: PushTarget, language: Language): PushPayload {
  const texts = PUSH_TEXTS[target.event][language];
  switch (target.event) {
    case 'newMessage':
      return { title: texts.title, body: texts.body({ time: '' }), url: '/messages', tag: 'newMessage' };
    case 'queueTurn':
      return {
        title: texts.title,
        body: texts.body({ time: '' }),
        url: target.serviceId ? `/chat/${target.serviceId}` : '/',
        tag: 'queueTurn',
      };
    case 'appointmentSoon':
      return {
        title: texts.title,
        body: texts.body({ time: formatInstant(target.startsAt, language, 'time') }),
        url: '/bookings',
        tag: 'appointmentSoon',
      };
  }
}
