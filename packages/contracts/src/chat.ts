import { z } from 'zod/mini';
import { URGENCY_LEVELS } from './connector';
import { ZLanguage } from './languages';
import { ZLocalized } from './organisation-content';
import { ZQuestionnaireAnswer } from './services';
import type { SocketAck } from './socket-ack';
import { zMultilineText, zText, zUuid } from './text';
import type { BoardClientEvents, BoardServerEvents } from './queue-board';
import type { PresenceClientEvents, PresenceServerEvents } from './presence';
import type { VideoClientEvents, VideoServerEvents } from './video';

/**
 * The product's own chat (spec §2 'Chat', §4 'Chat page', §7 the chat-platform calls): queues with opening hours,
 * channels (one-to-one from a queue, or a group appointment's), messages stored before they are acknowledged,
 * transcripts, history and feedback. HTTP carries state (re-fetchable at any time); the socket carries events.
 */
export const CHAT_LIMITS = {
  /** Spec §9: message text 2000 characters. */
  textMax: 2000,
  /** A hand-over note for the expert who takes a chat on. */
  handoverNoteMax: 1000,
  /** Spec §9: attachments pdf, jpg, jpeg, png up to 10 MB. */
  fileBytesMax: 10 * 1024 * 1024,
  fileTypes: ['application/pdf', 'image/jpeg', 'image/png'] as const,
  fileExtensions: ['.pdf', '.jpg', '.jpeg', '.png'] as const,
  /** Spec §9: history kept 90 days unless the organisation says otherwise. */
  historyDays: 90,
  /** Spec §9: history file names joined by commas, cut at 45 characters plus ' ...'. */
  historyFilesChars: 45,
  /** Spec §9: the history details error alert hides after 5 s. */
  historyErrorMs: 5000,
  /** Spec §9: chat height between 450 and 700 px (viewport minus header minus 40). */
  chatHeightMin: 450,
  chatHeightMax: 700,
  /** Spec §4: auth state refreshed every 15 minutes while chat is open. */
  authRefreshMs: 15 * 60_000,
  /** A group channel opens 5 minutes before the appointment (spec §9 'Start/join 5 minutes before start'). */
  groupOpensBeforeMs: 5 * 60_000,
  /** A signed file link is good for this long (`GET /ninchat/file`). */
  fileLinkSeconds: 60,
  /** Most messages one page of `GET …/messages` answers. */
  pageMessages: 500,
} as const;

const zId = () => zText().check(z.minLength(1, 'required'), z.maxLength(100, 'tooLong'));
const zClock = () => zText().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time'));

/** Opening hours of one weekday (1 = Monday … 7 = Sunday, ISO), in the service's time zone (Europe/Helsinki). */
export const ZWeeklyHours = z.object({
  weekday: z.number().check(z.int('invalid'), z.gte(1, 'invalid'), z.lte(7, 'invalid')),
  opens: zClock(),
  closes: zClock(),
});
/** A date whose hours differ from the week's: closed all day, or open `opens`–`closes`. */
export const ZHoursException = z.object({
  date: zText().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date')),
  closed: z.boolean(),
  opens: z.optional(zClock()),
  closes: z.optional(zClock()),
});
/**
 * A queue's opening hours. `alwaysOpen` ignores the week (the default for a new queue); `closed` shuts the queue
 * whatever the hours say (an admin's switch). Several ranges on one weekday are allowed (a lunch break).
 */
export const ZOpeningHours = z.object({
  alwaysOpen: z.boolean(),
  closed: z.boolean(),
  weekly: z.array(ZWeeklyHours).check(z.maxLength(21, 'tooMany')),
  exceptions: z.array(ZHoursException).check(z.maxLength(366, 'tooMany')),
});
export type WeeklyHours = z.infer<typeof ZWeeklyHours>;
export type HoursException = z.infer<typeof ZHoursException>;
export type OpeningHours = z.infer<typeof ZOpeningHours>;
export const ALWAYS_OPEN: OpeningHours = { alwaysOpen: true, closed: false, weekly: [], exceptions: [] };

/** `GET /api/chat/describe_realm_queues?realm_id=`: the chat platform's answer shape (spec §7 'Chat provider'). */
export const ZRealmQueues = z.object({
  realm_queues: z.record(z.string(), z.object({ queue_attrs: z.object({ name: z.string(), closed: z.boolean(), length: z.number() }) })),
});
export type RealmQueues = z.infer<typeof ZRealmQueues>;

export const CHAT_ROLES = ['patient', 'agent', 'guest'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];
export const CHANNEL_STATUSES = ['waiting', 'active', 'ended'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

export const ZChatFile = z.object({ id: z.string(), filename: z.string(), size: z.number(), contentType: z.string() });
export type ChatFile = z.infer<typeof ZChatFile>;

/** One stored message. `seq` orders a channel's messages (1, 2, 3 …): a client asks for those after the last it has. */
export const ZChatMessage = z.object({
  id: z.string(),
  channelId: z.string(),
  seq: z.number(),
  userId: z.string(),
  userName: z.string(),
  role: z.enum(CHAT_ROLES),
  kind: z.enum(['text', 'file', 'system']),
  text: z.string(),
  file: z.nullable(ZChatFile),
  sentAt: z.number(),
});
export type ChatMessage = z.infer<typeof ZChatMessage>;

export const ZChatMember = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(CHAT_ROLES),
  /** The last message this member has read (0: none). */
  readSeq: z.number(),
});
export type ChatMember = z.infer<typeof ZChatMember>;

/** A channel as its members (and the experts of its queue) see it: `GET /api/chat/channels/{id}`. */
export const ZChatChannel = z.object({
  id: z.string(),
  kind: z.enum(['queue', 'appointment', 'group']),
  status: z.enum(CHANNEL_STATUSES),
  queueId: z.nullable(z.string()),
  serviceName: z.nullable(ZLocalized),
  appointmentId: z.nullable(z.string()),
  /** While waiting: 1 for the next in line. */
  position: z.nullable(z.number()),
  /** While waiting: a rough estimate from the queue's recent chats, in seconds; null when there is nothing to go by. */
  estimatedWaitSeconds: z.nullable(z.number()),
  /** An appointment's chat: when the appointment starts (its waiting room says so, or that the professional is late). */
  appointmentStartsAt: z.nullable(z.number()),
  createdAt: z.number(),
  acceptedAt: z.nullable(z.number()),
  endedAt: z.nullable(z.number()),
  members: z.array(ZChatMember),
  /** The caller's own user id and role in the channel. */
  me: z.object({ userId: z.string(), role: z.enum(CHAT_ROLES) }),
  /** The expert who handles it (for feedback's `expertUuid`), once accepted. */
  expertId: z.nullable(z.string()),
  lastSeq: z.number(),
  /** A video appointment's channel (types `basic` and `group-video`): the call runs beside the chat. */
  video: z.boolean(),
});
export type ChatChannel = z.infer<typeof ZChatChannel>;

/** `POST /api/chat/channels`: a patient enters a service's queue, or starts an appointment (one-to-one or group). */
export const ZOpenChannelRequest = z.union([
  z.object({ serviceId: zUuid(), secureMetadata: z.optional(zText().check(z.maxLength(20_000, 'tooLong'))) }),
  z.object({ appointmentId: zUuid() }),
]);
export type OpenChannelRequest = z.infer<typeof ZOpenChannelRequest>;
/** `POST /api/services/chatCode/{code}/use`: the code is used as the chat starts, in the same transaction. */
export const ZUseChatCodeRequest = z.object({ secureMetadata: z.optional(zText().check(z.maxLength(20_000, 'tooLong'))) });

/** `POST /api/services/metadata/{uuid}` (spec §7): the questionnaire's metadata, sealed for the expert's side. */
export const ZMetadataRequest = z.object({ questionnaireMetadata: z.record(zText(), z.unknown()) });
/**
 * The sealed metadata, and beside it how urgent the server read the result to be (null: no urgency in it): an
 * emergency tells the patient to call 112 before the chat opens (issue 29). Optional for older servers' answers.
 */
export const ZMetadataResponse = z.object({ secureMetadata: z.string(), urgency: z.optional(z.nullable(z.enum(URGENCY_LEVELS))) });

/** `GET /api/chat/channels/{id}/messages?after=`. */
export const ZMessagesQuery = z.object({ after: z.optional(z.coerce.number().check(z.int(), z.gte(0))) });
export const ZMessagesPage = z.object({ messages: z.array(ZChatMessage), lastSeq: z.number() });

/** `POST /api/ninchat/save-audience` (spec §7). */
export const ZSaveAudienceRequest = z.object({ channel_id: zId() });

/**
 * Who the patient is, as the expert's desk shows it in the queue and the chat: the identity code masked but for the
 * date of birth (the full code is asked for on its own, audited), the age, the language of whoever writes (the
 * delegate's when someone acts on the patient's behalf) and that delegate's name.
 */
export const ZDeskPatient = z.object({
  maskedIdentityCode: z.nullable(z.string()),
  age: z.nullable(z.number()),
  language: z.nullable(ZLanguage),
  delegateName: z.nullable(z.string()),
});
export type DeskPatient = z.infer<typeof ZDeskPatient>;

/** `GET /api/expert/chat/channels/{id}/identity-code`: the patient's full identity code, shown on request. */
export const ZIdentityCodeAnswer = z.object({ identityCode: z.string() });

/** Expert: what one waiting patient looks like in a queue. */
export const ZWaitingItem = z.object({
  channelId: z.string(),
  name: z.string(),
  kind: z.enum(['queue', 'appointment', 'group']),
  serviceName: z.nullable(ZLocalized),
  waitingSince: z.number(),
  appointmentStartsAt: z.nullable(z.number()),
  /** Null for a group's channel (its patients are members). */
  patient: z.nullable(ZDeskPatient),
  /** How urgent the patient's own answers say it is (read by the server when the chat opened); an emergency waits first. */
  urgency: z.nullable(z.enum(URGENCY_LEVELS)),
});
/** `GET /api/expert/chat/queues`: the queues the expert belongs to, how many wait in each and since when. */
export const ZExpertQueue = z.object({
  id: z.string(),
  name: z.string(),
  closed: z.boolean(),
  open: z.boolean(),
  waiting: z.array(ZWaitingItem),
  longestWaitSeconds: z.number(),
});
export type ExpertQueue = z.infer<typeof ZExpertQueue>;
export type WaitingItem = z.infer<typeof ZWaitingItem>;

/** An active chat in the expert's desk, with what the patient gave before it. */
export const ZExpertChat = z.object({
  channel: ZChatChannel,
  patientName: z.nullable(z.string()),
  /** The patient id, for the contact history. */
  patientId: z.nullable(z.string()),
  patient: z.nullable(ZDeskPatient),
  /**
   * The language the expert writes in here: their communication language in the chat's organisation (null when
   * unknown). The desk compares the patient's language with it, not with the expert's screen language.
   */
  writesIn: z.nullable(ZLanguage),
  /** The appointment's name, for a chat of an appointment (a group's tab goes by it). */
  title: z.nullable(z.string()),
  /** The last hand-over: who handed it on, with their note; `offered`: it waits for the caller to accept it. */
  handover: z.nullable(z.object({ from: z.string(), note: z.nullable(z.string()), offered: z.boolean() })),
  preQuestionnaire: z.nullable(z.array(ZQuestionnaireAnswer)),
  /** The questionnaire metadata the patient's side sealed, opened for the expert. */
  metadata: z.nullable(z.record(z.string(), z.unknown())),
  /** How urgent the patient's own answers said it was when the chat opened (the chat's header shows an emergency). */
  urgency: z.nullable(z.enum(URGENCY_LEVELS)),
});
export type ExpertChat = z.infer<typeof ZExpertChat>;

/** `POST /api/expert/chat/channels/{id}/transfer`: to another queue, or to a named expert of the organisation. */
/** The optional note for whoever takes a chat handed over (not shown to the patient). */
const zHandoverNote = () => z.optional(zMultilineText().check(z.maxLength(CHAT_LIMITS.handoverNoteMax, 'tooLong')));
export const ZTransferRequest = z.union([
  z.object({ queueId: zId(), note: zHandoverNote() }),
  z.object({ expertId: zUuid(), note: zHandoverNote() }),
]);
export type TransferRequest = z.infer<typeof ZTransferRequest>;

/** Spec §3 'History' item: `GET /api/ninchat/my-transcripts`. */
export const ZHistoryItem = z.object({ id: z.string(), created_at: z.string(), expert_name: z.string(), files: z.array(z.string()) });
export type HistoryItem = z.infer<typeof ZHistoryItem>;
/** Spec §3 'History' transcript: `GET /api/ninchat/transcript?id=`. */
export const ZTranscript = z.object({
  members: z.record(z.string(), z.object({ role: z.enum(CHAT_ROLES), name: z.string() })),
  messages: z.array(
    z.object({ message_user_id: z.string(), message_username: z.string(), message_text: z.string(), message_time: z.number() }),
  ),
  files: z.array(z.object({ id: z.string(), filename: z.string() })),
});
export type Transcript = z.infer<typeof ZTranscript>;
/** `GET /api/ninchat/file?id=`: a short-lived signed link (spec §3 'Download response'). */
export const ZFileLink = z.object({ file_url: z.string() });

/** Expert contact history: a patient's earlier chats with the organisation. */
export const ZContactHistoryItem = z.object({
  channelId: z.string(),
  createdAt: z.number(),
  endedAt: z.nullable(z.number()),
  expertName: z.string(),
  serviceName: z.nullable(ZLocalized),
  files: z.array(z.string()),
});
export type ContactHistoryItem = z.infer<typeof ZContactHistoryItem>;

/**
 * The expert's contact history, a page at a time: `GET /api/expert/chat/history` (finished walk-in chats: a chat of an
 * appointment is in the appointment history) and `GET /api/expert/appointment-history`; `patient` a name fragment or
 * an identity code (found by its keyed hash).
 */
export const ZHistorySearchQuery = z.object({
  patient: z.optional(zText().check(z.maxLength(100, 'tooLong'))),
  page: z._default(z.coerce.number().check(z.int(), z.positive()), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(200, 'invalid')), 50),
});
export const ZChatHistoryItem = z.extend(ZContactHistoryItem, { patientId: z.nullable(z.string()), patientName: z.string() });
export type ChatHistoryItem = z.infer<typeof ZChatHistoryItem>;
export const ZChatHistoryPage = z.object({ items: z.array(ZChatHistoryItem), total: z.int(), page: z.int(), pageSize: z.int() });

export const SCORE_TYPES = ['nps', 'ces', 'care', 'open', 'expertCes'] as const;
export type ScoreType = (typeof SCORE_TYPES)[number];
/** The three the patient gets one of at random (spec §4 'Feedback'): 0–10 number scale, faces, care satisfaction. */
export const PATIENT_SCORE_TYPES = ['nps', 'ces', 'care'] as const;
/** Highest score per type: nps 0–10 (spec §5), faces 1–5, care 1–5, expertCes 1–7. A score outside is `outOfRange`. */
export const SCORE_RANGES: Record<ScoreType, { min: number; max: number }> = {
  nps: { min: 0, max: 10 },
  ces: { min: 1, max: 5 },
  care: { min: 1, max: 5 },
  open: { min: 0, max: 0 },
  expertCes: { min: 1, max: 7 },
};

/**
 * `GET /api/chat/channels/{id}/feedback-plan` (issue 29): what the feedback page asks after the chat. When a feedback
 * survey follows the chat, the page does not ask a score of its own (two 0–10 questions in a row) but points to the
 * survey: `surveyResponseId` once it has been sent, null while it is still to come.
 */
export const ZFeedbackPlan = z.object({ askScore: z.boolean(), surveyResponseId: z.nullable(z.string()) });
export type FeedbackPlan = z.infer<typeof ZFeedbackPlan>;

/** Spec §3 'Feedback': `POST /api/feedback` {data, scoreType, expertUuid}; `channelId` ties it to the chat it rates. */
export const ZFeedbackRequest = z.object({
  data: z.object({
    score: z.number('invalid').check(z.int('invalid'), z.gte(0, 'outOfRange'), z.lte(10, 'outOfRange')),
    tags: z.object({
      environment: zText().check(z.maxLength(50, 'tooLong')),
      device: zText().check(z.maxLength(50, 'tooLong')),
      organization: zText().check(z.maxLength(200, 'tooLong')),
      serviceName: zText().check(z.maxLength(200, 'tooLong')),
    }),
    comment: z.optional(zMultilineText().check(z.trim(), z.maxLength(CHAT_LIMITS.textMax, 'tooLong'))),
  }),
  scoreType: z.enum(SCORE_TYPES),
  expertUuid: z.nullable(zText().check(z.maxLength(100, 'tooLong'))),
  channelId: z.optional(zUuid()),
});
export type FeedbackRequest = z.infer<typeof ZFeedbackRequest>;

/** `POST /api/expert/feedback`: the expert's own view of the chat (score type expertCes, 1–7). */
export const ZExpertFeedbackRequest = z.object({
  channelId: zUuid(),
  score: z.number('invalid').check(z.int('invalid'), z.gte(1, 'outOfRange'), z.lte(7, 'outOfRange')),
  comment: z.optional(zMultilineText().check(z.trim(), z.maxLength(CHAT_LIMITS.textMax, 'tooLong'))),
});
export type ExpertFeedbackRequest = z.infer<typeof ZExpertFeedbackRequest>;

/** `GET /api/expert/chat/transfer-targets`. */
export const ZTransferTargets = z.object({
  queues: z.array(z.object({ id: z.string(), name: z.string() })),
  /** `online`: the expert has the app open now (a live connection), so a chat handed to them is seen at once. */
  experts: z.array(z.object({ id: z.string(), name: z.string(), online: z.boolean() })),
});

/** Admin feedback results: per service and per expert, per score type. */
export const ZFeedbackFigures = z.object({
  scoreType: z.enum(SCORE_TYPES),
  count: z.number(),
  average: z.nullable(z.number()),
  /** Net promoter score (nps only): % of 9–10 minus % of 0–6. */
  nps: z.nullable(z.number()),
});
export const ZFeedbackSummary = z.object({
  from: z.string(),
  to: z.string(),
  byService: z.array(z.object({ serviceId: z.nullable(z.string()), name: z.nullable(ZLocalized), figures: z.array(ZFeedbackFigures) })),
  byExpert: z.array(z.object({ expertId: z.nullable(z.string()), name: z.string(), figures: z.array(ZFeedbackFigures) })),
});
export type FeedbackFigures = z.infer<typeof ZFeedbackFigures>;
export type FeedbackSummary = z.infer<typeof ZFeedbackSummary>;

/** Socket events: what the client sends (with an acknowledgement) and what the server emits. */
export const ZSendMessageEvent = z.object({
  channelId: zUuid(),
  /** The client's own id for the message (a UUID): a resend with the same id is answered, not stored twice. */
  id: zUuid(),
  text: zMultilineText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(CHAT_LIMITS.textMax, 'tooLong')),
});
export type SendMessageEvent = z.infer<typeof ZSendMessageEvent>;
export const ZChannelEvent = z.object({ channelId: zUuid() });
export const ZTypingEvent = z.object({ channelId: zUuid(), typing: z.boolean() });
export const ZReadEvent = z.object({ channelId: zUuid(), seq: z.number().check(z.int(), z.gte(0)) });

/** Server → client event names and payloads. */
export type ServerEvents = VideoServerEvents &
  BoardServerEvents &
  PresenceServerEvents & {
    'chat:message': (m: ChatMessage) => void;
    'chat:typing': (e: { channelId: string; userId: string; name: string; typing: boolean }) => void;
    'chat:read': (e: { channelId: string; userId: string; seq: number }) => void;
    /** The channel's state changed (accepted, transferred, member joined, ended): refetch it. */
    'chat:channel': (e: { channelId: string; status: ChannelStatus }) => void;
    /** A queue changed (someone joined or left it, or was accepted): experts refetch their queues, waiting patients their position. */
    'queue:changed': (e: { queueId: string }) => void;
    /** A conversation of async messaging got a message or changed state (spec §7 'Async messaging'): refetch lists and the thread. */
    'messages:changed': (e: { conversationId: string }) => void;
  };
export type ClientEvents = VideoClientEvents &
  BoardClientEvents &
  PresenceClientEvents & {
    'chat:join': (e: z.infer<typeof ZChannelEvent>, ack: (r: SocketAck<{ lastSeq: number }>) => void) => void;
    'chat:send': (e: SendMessageEvent, ack: (r: SocketAck<ChatMessage>) => void) => void;
    'chat:typing': (e: z.infer<typeof ZTypingEvent>) => void;
    'chat:read': (e: z.infer<typeof ZReadEvent>, ack?: (r: SocketAck<null>) => void) => void;
    'queue:watch': (e: Record<string, never>, ack: (r: SocketAck<{ queueIds: string[] }>) => void) => void;
  };
