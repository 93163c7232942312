/**
 * What a `booking.updated` says changed, in this order: `time` its start or end; `participants` who takes part (its
 * expert, a group's organiser, patients, other experts, guests); `kind` how it is held (the appointment type: chat,
 * video, group chat, group video); `state` cancelled, held or a no-show; `details` its title or its service.
 */
export const BOOKING_CHANGES = ['time', 'participants', 'kind', 'state', 'details'] as const;
export type BookingChange = (typeof BOOKING_CHANGES)[number];

/**
 * What the server's modules tell each other (apps/server/src/platform/events, docs/architecture.md 'Events'): the
 * one list of event names and payloads. A payload is the organisation and ids (a `booking.updated` also what
 * changed), never a name, identity code, message or answer: deferred subscribers keep it in a job row, and the public
 * ones are sent to integrations as they are.
 */
export type DomainEventPayloads = {
  /** An appointment was booked (by a patient or an admin). */
  'booking.created': { organisationId: string; appointmentId: string };
  /**
   * A reserved appointment changed in what a copy of it shows: `changes` says what (BOOKING_CHANGES). Raised with
   * every change that has one, beside `booking.cancelled`, `booking.held` and `booking.noShow` for a change of state.
   */
  'booking.updated': { organisationId: string; appointmentId: string; changes: BookingChange[] };
  'booking.cancelled': { organisationId: string; appointmentId: string };
  /** A reserved appointment's visit took place: its chat or video was started and has ended. */
  'booking.held': { organisationId: string; appointmentId: string };
  /** A reserved appointment's patient did not come: its expert or an admin marked it. */
  'booking.noShow': { organisationId: string; appointmentId: string };
  /** An expert took a waiting patient's chat: the patient's turn. */
  'chat.accepted': { organisationId: string; channelId: string; patientId: string | null };
  /**
   * A chat ended for everyone: its expert ended it, or the patient left a one-to-one chat. `started`: an expert had
   * taken it (a group's from its opening), so its visit took place; a patient leaving the queue did not start one.
   */
  'chat.ended': {
    organisationId: string;
    channelId: string;
    appointmentId: string | null;
    endedBy: 'expert' | 'patient';
    started: boolean;
  };
  /** A patient wrote to the organisation (secure messaging). */
  'message.received': { organisationId: string; conversationId: string; messageIds: string[] };
  /** The organisation's staff wrote to a patient (secure messaging). */
  'message.answered': { organisationId: string; conversationId: string; patientId: string };
  'survey.answered': { organisationId: string; responseId: string; appointmentId: string | null };
  /** The organisation form put these services first, in this order. */
  'organisation.servicesOrdered': { organisationId: string; serviceIds: string[] };
  /** A service was saved; `newQueue` is the chat queue made for it, with the id the service now names. */
  'service.saved': { organisationId: string; serviceId: string; newQueue: { id: string; name: string } | null };
  /**
   * An admin is removing an expert from the organisation: emitted in the removal's transaction just before the row
   * goes, while the appointments still name them (their expert, organiser or participant rows go with it).
   */
  'expert.removing': { organisationId: string; expertId: string };
  /** An expert got a chat user of the product's own chat, with a personal queue of that id. */
  'expert.chatEnabled': { organisationId: string; expertId: string; personalQueue: { id: string; name: string } };
};

export type DomainEvent = keyof DomainEventPayloads;

/** Every event, and whether it is public: what an organisation's webhook endpoints can ask for (webhooks.ts). */
export const DOMAIN_EVENTS = {
  'booking.created': { public: true },
  'booking.updated': { public: true },
  'booking.cancelled': { public: true },
  'booking.held': { public: true },
  'booking.noShow': { public: true },
  'chat.accepted': { public: false },
  'chat.ended': { public: true },
  'message.received': { public: true },
  'message.answered': { public: false },
  'survey.answered': { public: true },
  'organisation.servicesOrdered': { public: false },
  'service.saved': { public: false },
  'expert.removing': { public: false },
  'expert.chatEnabled': { public: false },
} as const satisfies Record<DomainEvent, { public: boolean }>;

export type PublicDomainEvent = { [E in DomainEvent]: (typeof DOMAIN_EVENTS)[E]['public'] extends true ? E : never }[DomainEvent];
