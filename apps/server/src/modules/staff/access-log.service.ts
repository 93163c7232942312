import {
  AUDIT_EXPORT_LIMIT,
  endOfLocalDay,
  isValidSsn,
  localizedOrganisationName,
  normalizeSsn,
  startOfLocalDay,
  type AccessLogPage,
  type AccessLogQuery,
  type AuditSearch,
  type AuditSearchOptions,
  type AuditSearchPage,
  type AuditSearchRow,
  type Language,
  type Localized,
  type ReaderRole,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { AdminActor } from '../../platform/access/admin-actor';
import type { PatientContext } from '../../platform/access/patient-access';
import { AppError, type FieldIssue } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { PatientReads } from '../../platform/audit/patient-reads';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { throwIfFieldIssues } from '../../platform/field-errors';
import { actionWords, objectTypeWords } from './action-log-words';
import { readWords, removedReaderWords, roleWords } from './access-log-words';
import * as repo from './access-log.repo';
import { auditSearchCsv } from './audit-search-csv';

/** Names of specialisations in one language, by id. */
async function specializationNames(db: Db, lang: Language): Promise<Map<string, string>> {
  return new Map((await repo.allSpecializations(db)).map((s) => [s.id, (s.name as Localized)[lang] || s.name.fi]));
}

/** The names of the lines' experts' specialisations, read only when some line has any. */
async function titlesOf(db: Db, lines: readonly { specializations: string[] | null }[], lang: Language): Promise<Map<string, string>> {
  return lines.some((l) => l.specializations?.length) ? specializationNames(db, lang) : new Map<string, string>();
}

/** An expert's titles: the names of their specialisations, in the order they have them. */
function namedTitles(specializations: string[] | null, titles: ReadonlyMap<string, string>): string[] {
  return (specializations ?? []).map((id) => titles.get(id)).filter((n): n is string => !!n);
}

/**
 * The patient's access log (the client-data act 703/2023, docs/security.md): who of staff or which API client read
 * their data, in which role and organisation, what and when, newest first. It is the log of the effective patient:
 * while someone acts on another's behalf with a mandate (a guardian for a child), they exercise that person's right
 * to know, as every other patient page works on the principal; signed in as themselves they see their own log.
 * Patients' own actions (and a delegate's) are not reads by staff and are not in it.
 */
export async function patientAccessLog(db: Db, ctx: PatientContext, query: AccessLogQuery, lang: Language): Promise<AccessLogPage> {
  const { total, lines } = await repo.accessLogPage(db, ctx.patientId, query);
  const titles = await titlesOf(db, lines, lang);
  return {
    total,
    page: query.page,
    pageSize: query.pageSize,
    items: lines.map((l) => {
      const role = l.actor_role as ReaderRole;
      const staffName = l.first_name !== null ? `${l.first_name} ${l.last_name ?? ''}`.trim() : null;
      return {
        at: new Date(Number(l.last_at)).toISOString(),
        firstAt: new Date(Number(l.first_at)).toISOString(),
        count: Number(l.n),
        readerName: (l.actor_type === 'system' ? l.client_name : staffName) ?? removedReaderWords(lang),
        role,
        roleText: roleWords(role, lang, namedTitles(l.specializations, titles)),
        organisation:
          l.organisation_name === null
            ? null
            : localizedOrganisationName(l.organisation_name, l.organisation_name_se, l.organisation_name_en),
        action: l.action,
        actionText: readWords(l.action, lang),
      };
    }),
  };
}

/** The search's filter: the organisation, the patient of the identity code by its keyed hash (null: nobody has it), the days. */
async function filterOf(deps: { db: Db; cipher: FieldCipher }, organisationId: string, search: AuditSearch): Promise<repo.AuditFilter> {
  const fields: FieldIssue[] = [];
  if (search.ssn && !isValidSsn(search.ssn)) fields.push({ field: 'ssn', key: 'ssn' });
  if (search.from && search.to && search.from > search.to) fields.push({ field: 'to', key: 'invalid' });
  if (fields.length) throw new AppError(105, { fields });
  const patientId = search.ssn
    ? ((await repo.patientIdByHash(deps.db, deps.cipher.keyedHash(normalizeSsn(search.ssn)))) ?? null)
    : undefined;
  return {
    organisationId,
    patientId,
    staffUserId: search.staffUserId,
    from: search.from ? startOfLocalDay(search.from) : undefined,
    to: search.to ? endOfLocalDay(search.to) : undefined,
    action: search.action || undefined,
  };
}

type Row = Awaited<ReturnType<typeof repo.auditRows>>[number];

/** A row as the page and the CSV show it; `titles` names an expert's specialisations (`titlesOf`). */
function rowOf(r: Row, lang: Language, titles: ReadonlyMap<string, string>): AuditSearchRow {
  const staffName = r.staffFirstName !== null ? `${r.staffFirstName} ${r.staffLastName ?? ''}`.trim() : null;
  const patientName = r.patientGivenName !== null ? `${r.patientGivenName} ${r.patientFamilyName ?? ''}`.trim() : null;
  const actorPatient = r.actorGivenName !== null ? `${r.actorGivenName} ${r.actorFamilyName ?? ''}`.trim() : null;
  const actorName =
    r.actorType === 'staff' ? staffName : r.actorType === 'system' ? r.clientName : r.actorType === 'patient' ? actorPatient : null;
  const role = r.actorRole ?? (r.actorType === 'staff' ? null : r.actorType);
  return {
    id: String(r.id),
    at: r.at.toISOString(),
    actorType: r.actorType,
    actorName: actorName ?? (r.actorType === 'staff' ? removedReaderWords(lang) : ''),
    role: r.actorRole,
    roleText: roleWords(role, lang, namedTitles(r.specializations, titles)),
    action: r.action,
    actionText: actionWords(r.action, lang),
    objectType: r.objectType,
    objectTypeText: objectTypeWords(r.objectType, lang),
    objectId: r.objectId,
    patient: r.patientId ? { id: r.patientId, name: patientName ?? '' } : null,
  };
}

/**
 * Names the patients the answer shows (each by name): whose data a row is about, and a patient who did a patient
 * action. The admin's reads of them are logged as any other.
 */
function showPatients(reads: PatientReads, organisationId: string, rows: readonly Row[]): void {
  const shown = rows.flatMap((r) => [r.patientId, r.actorType === 'patient' && r.actorGivenName !== null ? r.actorId : null]);
  const ids = new Set(shown.filter((id): id is string => id !== null));
  reads.show([...ids].map((patientId) => ({ patientId, organisationId, objectType: 'patient', objectId: patientId })));
}

/**
 * A page of the organisation's audit log (docs/security.md 'The admins' search'): only its own rows, newest first.
 * The patients the page names are shown by name, so each is a read of their data (`audit.search`).
 */
export async function searchAudit(
  deps: { db: Db; cipher: FieldCipher },
  organisationId: string,
  search: AuditSearch,
  lang: Language,
  reads: PatientReads,
): Promise<AuditSearchPage> {
  const filter = await filterOf(deps, organisationId, search);
  const [total, rows] = [
    await repo.countAuditRows(deps.db, filter),
    await repo.auditRows(deps.db, filter, { limit: search.pageSize, offset: (search.page - 1) * search.pageSize }),
  ];
  showPatients(reads, organisationId, rows);
  const titles = await titlesOf(deps.db, rows, lang);
  return { total, page: search.page, pageSize: search.pageSize, items: rows.map((r) => rowOf(r, lang, titles)) };
}

/**
 * The same search as a spreadsheet file (BOM, `;`, words in the admin's language), at most 50 000 rows, newest
 * first. The download itself is recorded (`audit.exported`), and each patient in it is a read (`audit.export`).
 */
export async function exportAudit(
  deps: { db: Db; cipher: FieldCipher },
  actor: AdminActor,
  search: AuditSearch,
  lang: Language,
  reads: PatientReads,
): Promise<{ filename: string; csv: string }> {
  const organisationId = actor.staff.organisationId!;
  const filter = await filterOf(deps, organisationId, search);
  // One row past the limit tells that the search finds more: the admin narrows it rather than get a cut-off file.
  const rows = await repo.auditRows(deps.db, filter, { limit: AUDIT_EXPORT_LIMIT + 1, offset: 0 });
  if (rows.length > AUDIT_EXPORT_LIMIT) throwIfFieldIssues([{ field: 'from', key: 'exportTooLarge' }]);
  await deps.db.transaction(async (tx) => {
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: actor.staff.userId,
      organisationId,
      action: 'audit.exported',
      objectType: 'organisation',
      objectId: organisationId,
      ip: actor.ip,
      details: { rows: rows.length, byPatient: filter.patientId !== undefined, byStaff: !!filter.staffUserId },
    });
  });
  showPatients(reads, organisationId, rows);
  const titles = await titlesOf(deps.db, rows, lang);
  return {
    filename: 'audit-log.csv',
    csv: auditSearchCsv(
      rows.map((r) => rowOf(r, lang, titles)),
      lang,
    ),
  };
}

/** What the search's selects offer: the organisation's staff by name, and the actions its log holds, in words. */
export async function auditOptions(db: Db, organisationId: string, lang: Language): Promise<AuditSearchOptions> {
  const [staff, actions] = [await repo.organisationStaff(db, organisationId), await repo.organisationActions(db, organisationId)];
  return {
    staff: staff.map((s) => ({ id: s.id, name: `${s.lastName} ${s.firstName}` })),
    actions: actions
      .map((action) => ({ action, text: actionWords(action, lang) }))
      .sort((a, b) => a.text.localeCompare(b.text, lang === 'se' ? 'sv' : lang)),
  };
}
