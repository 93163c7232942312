import { z } from 'zod/mini';
import { zLocalDate } from './booking';
import { ZLocalized } from './organisation-content';
import { zText, zUuid } from './text';

/** The roles a reader of patient data reads in (`audit_log.actor_role`): a member of staff, or an organisation's API client. */
export const READER_ROLES = ['expert', 'admin', 'globalAdmin', 'apiClient'] as const;
export const ZReaderRole = z.enum(READER_ROLES);
export type ReaderRole = z.infer<typeof ZReaderRole>;

export const AUDIT_PAGE_SIZE_MAX = 100;
const positiveInt = () => z.coerce.number().check(z.refine(Number.isInteger, 'invalid'), z.minimum(1, 'invalid'));
const paging = {
  page: z._default(positiveInt(), 1),
  pageSize: z._default(positiveInt().check(z.maximum(AUDIT_PAGE_SIZE_MAX, 'invalid')), 20),
};

/** `GET /api/patient/access-log`: the signed-in patient's log of who has used their data, newest first, paged. */
export const ZAccessLogQuery = z.object(paging);
export type AccessLogQuery = z.infer<typeof ZAccessLogQuery>;

/**
 * One line of the patient's access log (the client-data act 703/2023): who read, in which role and organisation,
 * what, and when. Reads of one reader of one object under one action that follow each other within
 * `ACCESS_LOG_MERGE_MINUTES` are one line: `firstAt` the first of them, `at` the last, `count` how many.
 */
export const ZAccessLogEntry = z.object({
  at: z.iso.datetime(),
  firstAt: z.iso.datetime(),
  count: z.int(),
  /** The professional's name, or the API client's (a system of the organisation). */
  readerName: z.string(),
  role: ZReaderRole,
  /** The role in words in the request's language: an expert's specialisations (`Sairaanhoitaja`), else the role. */
  roleText: z.string(),
  organisation: z.nullable(ZLocalized),
  action: z.string(),
  /** The action in plain words in the request's language, e.g. "avasi ajanvarauksesi". */
  actionText: z.string(),
});
export type AccessLogEntry = z.infer<typeof ZAccessLogEntry>;
export const ZAccessLogPage = z.object({ items: z.array(ZAccessLogEntry), total: z.int(), page: z.int(), pageSize: z.int() });
export type AccessLogPage = z.infer<typeof ZAccessLogPage>;

/** Reads of one object by one reader closer than this to the one before are shown as one line of the patient's log. */
export const ACCESS_LOG_MERGE_MINUTES = 15;

/**
 * `POST /api/admin/audit-log/search` and `…/export`: the organisation's audit log, by patient (their identity code,
 * looked up by its keyed hash: in the body, so it never lands in a URL), by member of staff, by Helsinki days and by
 * action. Every filter is optional and they narrow together.
 */
export const ZAuditSearch = z.object({
  ssn: z.optional(zText().check(z.trim(), z.maxLength(20, 'tooLong'))),
  staffUserId: z.optional(zUuid()),
  from: z.optional(zLocalDate()),
  to: z.optional(zLocalDate()),
  action: z.optional(zText().check(z.trim(), z.maxLength(100, 'tooLong'))),
  ...paging,
});
export type AuditSearch = z.infer<typeof ZAuditSearch>;

/** One audit row as the admin's search shows it: times, who in words, the action in words, the object, and the patient by name. */
export const ZAuditSearchRow = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  actorType: z.enum(['patient', 'staff', 'guest', 'system']),
  /** The member of staff's or API client's name; the patient's for their own actions; empty for the system and guests. */
  actorName: z.string(),
  role: z.nullable(z.string()),
  roleText: z.string(),
  action: z.string(),
  actionText: z.string(),
  objectType: z.nullable(z.string()),
  objectTypeText: z.string(),
  objectId: z.nullable(z.string()),
  patient: z.nullable(z.object({ id: z.string(), name: z.string() })),
});
export type AuditSearchRow = z.infer<typeof ZAuditSearchRow>;
/** The most rows one CSV download of the admins' audit search holds: a search that finds more is to be narrowed first. */
export const AUDIT_EXPORT_LIMIT = 50_000;

export const ZAuditSearchPage = z.object({ items: z.array(ZAuditSearchRow), total: z.int(), page: z.int(), pageSize: z.int() });
export type AuditSearchPage = z.infer<typeof ZAuditSearchPage>;

/** `GET /api/admin/audit-log/options`: what the search's selects offer: the organisation's staff and the actions in its log. */
export const ZAuditSearchOptions = z.object({
  staff: z.array(z.object({ id: z.string(), name: z.string() })),
  actions: z.array(z.object({ action: z.string(), text: z.string() })),
});
export type AuditSearchOptions = z.infer<typeof ZAuditSearchOptions>;
