import { z } from 'zod/mini';
import { ZLocalized } from './organisation-content';
import { zMultilineText, zText } from './text';

/**
 * Secure asynchronous messaging (spec §2 'Messages', 'Conversation', 'New message'; §3 'Async messaging'; §4 'New
 * message flow', 'Conversation reply'; §5 'Message code', 'New message', 'Expert new message'; §7 'Async messaging').
 *
 * Two kinds of conversation:
 * - `request`: a patient writes to a subcategory of the organisation (`request-conversation`). It is a subcategory
 *   conversation: every expert assigned to the subcategory sees it in their inbox and may answer
 *   (`categories/{id}/reply/{requestId}`); the patient reads the answers but cannot reply in it (spec: 'Reply
 *   disabled for subcategory conversations'), and writes a new message to go on.
 * - `direct`: an expert starts it with a patient (`create-conversation`); both write in it until the expert ends it.
 */

/** Spec §9: message text up to 2000 characters. */
export const MESSAGE_TEXT_MAX = 2000;
/** Spec §9: attachments pdf, jpg, jpeg, png, each at most 10 MB. */
export const MESSAGE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MESSAGE_ATTACHMENT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
/** Attachments in one send. */
export const MESSAGE_ATTACHMENTS_MAX = 5;
/** Spec §9: message lists refresh every 5 seconds. */
export const MESSAGE_LIST_REFRESH_MS = 5_000;
export const SUBJECT_MAX = 200;

/** Spec §5 'New message': 'Text sanitising removes HTML tags'. Done on the server too, before anything is stored. */
export function stripHtmlTags(text: string): string {
  return text.replace(/<\/?[a-zA-Z][^<>]*>/g, '').replace(/<!--[\s\S]*?-->/g, '');
}

const requiredName = zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(200, 'tooLong'));

// ---------------------------------------------------------------------------------------------------------------
// Categories and subcategories (admin; spec §3 'Category', 'Subcategory'; §4 disabling after confirmation)

export const ZLocalizedNameInput = z.object({ fi: requiredName, se: requiredName, en: requiredName });

const promiseText = zText().check(z.trim(), z.maxLength(200, 'tooLong'));
/**
 * When the patient can expect an answer in a category ('Vastaamme 3 arkipäivän kuluessa'), in each language (issue
 * 29): empty in all three is no promise; given in one, it is needed in all (the server answers `required`).
 */
export const ZAnswerPromiseInput = z.object({ fi: promiseText, se: promiseText, en: promiseText });
export type AnswerPromiseInput = z.infer<typeof ZAnswerPromiseInput>;

/** `POST admin/async-messaging/categories/create`, `categories/{id}/update`. */
export const ZCategoryInput = z.object({
  name: ZLocalizedNameInput,
  /** Open: anyone may write to it; restricted: only with a message code. */
  openAccess: z.boolean(),
  isDisabled: z.optional(z.boolean()),
  /** Left out: an update keeps the stored promise. */
  answerPromise: z.optional(z.nullable(ZAnswerPromiseInput)),
});
export type CategoryInput = z.infer<typeof ZCategoryInput>;

/** `POST admin/async-messaging/subcategories/{categoryId}/create`, `subcategories/{id}/update`. */
export const ZSubcategoryInput = z.object({
  name: ZLocalizedNameInput,
  openAccess: z.boolean(),
  isDisabled: z.boolean(),
  /** Expert ids (of experts of the organisation who handle messages). */
  addedExperts: z.array(z.uuid('invalid')).check(z.maxLength(500, 'tooLong')),
});
export type SubcategoryInput = z.infer<typeof ZSubcategoryInput>;

export const ZSubcategory = z.object({
  id: z.uuid(),
  categoryId: z.uuid(),
  name: ZLocalized,
  openAccess: z.boolean(),
  isDisabled: z.boolean(),
  addedExperts: z.array(z.uuid()),
});
export type Subcategory = z.infer<typeof ZSubcategory>;

export const ZCategory = z.object({
  id: z.uuid(),
  name: ZLocalized,
  openAccess: z.boolean(),
  isDisabled: z.boolean(),
  /** When an answer comes, as the admin promised it (beyond the spec's fields); null or absent: no promise. */
  answerPromise: z.optional(z.nullable(ZLocalized)),
  /** With `includeSubcategories=true`; for a patient only the enabled, open ones. */
  subcategories: z.optional(z.array(ZSubcategory)),
});
export type Category = z.infer<typeof ZCategory>;

/** `GET {app}/async-messaging/categories?includeSubcategories=true`. */
export const ZCategoriesQuery = z.object({ includeSubcategories: z.optional(z.enum(['true', 'false'])) });

// ---------------------------------------------------------------------------------------------------------------
// Experts who handle messages (admin `/admin/messages/experts`; spec §7 `experts/list`)

export const ZMessagingExpert = z.object({
  id: z.uuid(),
  name: z.string(),
  specializations: z.array(z.string()),
  /** Whether the expert handles messages (admin sets it); subcategories are assigned only such experts. */
  handlesMessages: z.boolean(),
});
export type MessagingExpert = z.infer<typeof ZMessagingExpert>;

export const ZExpertSearchQuery = z.object({
  searchQuery: z.optional(zText().check(z.maxLength(200, 'tooLong'))),
  specialization: z.optional(zText().check(z.maxLength(200, 'tooLong'))),
});
export const ZExpertSearchResult = z.object({ experts: z.array(ZMessagingExpert) });

/** `POST admin/async-messaging/experts/{expertId}/update`. */
export const ZMessagingExpertUpdate = z.object({ handlesMessages: z.boolean() });

// ---------------------------------------------------------------------------------------------------------------
// Message codes (spec §3 'Chat code group' with a subcategory; §5 'Message code'; §8 message-code keys)

/** What a valid message code opens: its category and subcategory (read-only in the new-message form). */
export const ZMessageCodeTarget = z.object({
  code: z.string(),
  category: ZCategory,
  subcategory: ZSubcategory,
});
export type MessageCodeTarget = z.infer<typeof ZMessageCodeTarget>;

export const ZMessageCodeParams = z.object({
  code: zText().check(z.trim(), z.minLength(1, 'messageCodeRequired'), z.maxLength(64, 'tooLong')),
});

// ---------------------------------------------------------------------------------------------------------------
// Conversations and messages

export const CONVERSATION_KINDS = ['request', 'direct'] as const;
export const CONVERSATION_STATUSES = ['open', 'closed'] as const;

/** A conversation in the patient's list and at the top of its view (spec §3 'Conversation'). */
export const ZConversation = z.object({
  id: z.uuid(),
  kind: z.enum(CONVERSATION_KINDS),
  subject: z.nullable(z.string()),
  categoryId: z.nullable(z.uuid()),
  subcategoryId: z.nullable(z.uuid()),
  categoryName: z.nullable(ZLocalized),
  subcategoryName: z.nullable(ZLocalized),
  unreadMessages: z.number(),
  /** The last message's time (ISO). */
  date: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  /** Whether the patient may reply: a direct conversation that is open. */
  canReply: z.boolean(),
});
export type Conversation = z.infer<typeof ZConversation>;

/** A conversation in the expert's lists (spec §3 'List item in expert view'). */
export const ZExpertConversation = z.object({
  id: z.uuid(),
  kind: z.enum(CONVERSATION_KINDS),
  subject: z.nullable(z.string()),
  /** The patient's name. */
  name: z.string(),
  unreadMessages: z.number(),
  /** The expert who started the conversation or first answered the request; null: nobody yet. */
  expertName: z.nullable(z.string()),
  expertSpecializations: z.array(z.string()),
  categoryId: z.nullable(z.uuid()),
  subcategoryId: z.nullable(z.uuid()),
  categoryName: z.nullable(ZLocalized),
  subcategoryName: z.nullable(ZLocalized),
  lastMessageDate: z.string(),
  hasAttachments: z.boolean(),
  status: z.enum(CONVERSATION_STATUSES),
});
export type ExpertConversation = z.infer<typeof ZExpertConversation>;

/** `GET {app}/async-messaging/conversations` filters (spec §3: isClosed, name, ssn, subject). */
export const ZConversationsQuery = z.object({
  isClosed: z.optional(z.enum(['true', 'false'])),
  name: z.optional(zText().check(z.maxLength(200, 'tooLong'))),
  ssn: z.optional(zText().check(z.maxLength(20, 'tooLong'))),
  subject: z.optional(zText().check(z.maxLength(SUBJECT_MAX, 'tooLong'))),
});

/** One item of a thread (spec §3 'Conversation message'). A file message's `content` is the file's name. */
export const ZConversationMessage = z.object({
  id: z.uuid(),
  /** The author's name as the reader sees it. */
  name: z.string(),
  date: z.string(),
  /** Own message: whether the other side has read it; another's: whether the reader has. */
  isRead: z.boolean(),
  isOwn: z.boolean(),
  type: z.enum(['text', 'file']),
  content: z.string(),
});
export type ConversationMessage = z.infer<typeof ZConversationMessage>;

export const ZConversationThread = z.object({ conversation: ZConversation, messages: z.array(ZConversationMessage) });
export type ConversationThread = z.infer<typeof ZConversationThread>;
export const ZExpertConversationThread = z.object({
  conversation: ZExpertConversation,
  messages: z.array(ZConversationMessage),
});
export type ExpertConversationThread = z.infer<typeof ZExpertConversationThread>;

export const ZConversationParams = z.object({ id: z.uuid('invalid') });
export const ZSubcategoryMessagesParams = z.object({ subId: z.uuid('invalid'), id: z.uuid('invalid') });
export const ZCategoryParams = z.object({ id: z.uuid('invalid') });
export const ZCategoryReplyParams = z.object({ id: z.uuid('invalid'), requestId: z.uuid('invalid') });
export const ZMessageParams = z.object({ messageId: z.uuid('invalid') });

// ---------------------------------------------------------------------------------------------------------------
// The form-data payloads (spec §3 'Send payload': multipart, arrays as repeated `name[]`, empty values omitted).
// Files (`attachments[]`) are read from the stream; these schemas check the text fields.

const messageText = zMultilineText().check(z.maxLength(MESSAGE_TEXT_MAX, 'tooLong'));

/** `POST patient/async-messaging/request-conversation`: a new message to a subcategory. */
export const ZRequestConversationFields = z.object({
  text: messageText.check(z.trim(), z.minLength(1, 'messageRequired')),
  categoryId: z.uuid('categoryRequired'),
  subcategoryId: z.uuid('subcategoryRequired'),
  messageCode: z.optional(zText().check(z.trim(), z.maxLength(64, 'tooLong'))),
});
export type RequestConversationFields = z.infer<typeof ZRequestConversationFields>;

/** `POST {app}/async-messaging/conversations/{id}/send-message` and `categories/{id}/reply/{requestId}`: text, files or both. */
export const ZSendMessageFields = z.object({ text: z.optional(messageText) });

/** `POST expert/async-messaging/create-conversation` (spec §5 'Expert new message'). */
export const ZCreateConversationFields = z.object({
  ssn: zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(20, 'tooLong')),
  name: requiredName,
  email: zText().check(z.trim(), z.maxLength(254, 'tooLong'), z.email('email')),
  mobile: zText().check(z.trim(), z.regex(/^\+?[0-9 ()-]{6,20}$/, 'mobile')),
  /** 'true' sends an SMS notice of new messages besides the e-mail. */
  smsNotification: z.optional(z.enum(['true', 'false'])),
  subject: zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(SUBJECT_MAX, 'tooLong')),
  text: messageText.check(z.trim(), z.minLength(1, 'messageRequired')),
});
export type CreateConversationFields = z.infer<typeof ZCreateConversationFields>;

/** What a send answers: the stored messages (text first, then one per file), for the thread to append. */
export const ZSentMessages = z.object({ conversationId: z.uuid(), messages: z.array(ZConversationMessage) });
export type SentMessages = z.infer<typeof ZSentMessages>;

/** The expert's unread counts for the menu (spec §9: lists refresh every 5 s). */
export const ZMessagingCounts = z.object({ inbox: z.number(), open: z.number() });
export type MessagingCounts = z.infer<typeof ZMessagingCounts>;
