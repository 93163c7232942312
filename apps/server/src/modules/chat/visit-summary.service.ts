import {
  DEFAULT_LANGUAGE,
  localizedOrganisationName,
  maskIdentityCode,
  normalizeSsn,
  readSelfAssessment,
  toLanguage,
  type Language,
  type Localized,
} from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { PatientReads, readsOf, recordPatientReads } from '../../platform/audit/patient-reads';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { FileStore } from '../../platform/files/file-store';
import type { PdfLogo } from '../../platform/pdf/pdf-document';
import { printableLogo } from '../../platform/pdf/pdf-logo';
import { organisationFile } from '../organisations/organisations.service';
import { openMetadata } from './chat-metadata';
import { channelReads } from './chat-reads';
import * as repo from './chat.repo';
import type { ExpertCaller } from './expert-chat.service';
import * as notes from './visit-notes.repo';
import { myVisit } from './visit-notes.service';
import { visitSummary, visitSummaryText, type SummaryPatient, type VisitKind, type VisitSummary } from './visit-summary';
import { visitSummaryPdf } from './visit-summary-pdf';

export type SummaryDeps = { db: Db; cipher: FieldCipher; files: FileStore };
/** `language`: the one asked for (`?lang=`), else null: the expert's own. */
export type SummaryRequest = { channelId: string; language: Language | null; fullIdentityCode: boolean };

/** The logo of the organisation for a summary in `language` (its own language's, else the Finnish one), or null. */
async function logoOf(deps: SummaryDeps, organisationId: string, kinds: Set<string>, language: Language): Promise<PdfLogo | null> {
  const kind = language === 'se' && kinds.has('logoSe') ? 'logoSe' : language === 'en' && kinds.has('logoEn') ? 'logoEn' : 'logo';
  if (!kinds.has(kind)) return null;
  const image = await organisationFile(deps, organisationId, kind);
  if (image.kind === 'legacy') return printableLogo(image.data);
  const chunks: Buffer[] = [];
  for await (const chunk of await deps.files.get(image.file.key)) chunks.push(Buffer.from(chunk as Uint8Array));
  return printableLogo(Buffer.concat(chunks));
}

const kindOf = (channelKind: 'queue' | 'appointment' | 'group', appointmentType: string | undefined): VisitKind =>
  channelKind === 'group' ? 'group' : appointmentType === 'basic' ? 'video' : channelKind;

/**
 * Gathers a visit's summary for the expert who served it (`myVisit`: 404 for anyone else) in one transaction, and
 * writes what it showed before it answers: the `visit.summary` read of each of its patients (through `reads`) and,
 * when the whole identity code is printed, a `chat.identityCode` read of its own, as the desk's reveal writes.
 */
async function gather(deps: SummaryDeps, caller: ExpertCaller, asked: SummaryRequest, reads: PatientReads, now: Date) {
  return deps.db.transaction(async (tx: Tx) => {
    const { channel, expert } = await myVisit(tx, caller, asked.channelId);
    const language = asked.language ?? toLanguage(await notes.staffLanguageOf(tx, caller.userId)) ?? DEFAULT_LANGUAGE;
    const req = { ...asked, language };
    const members = await repo.membersOf(tx, channel.id);
    const patientReads = await channelReads(tx, channel, members);
    const patientIds = [...new Set(patientReads.map((r) => r.patientId))];
    const people = await repo.patientsByIds(tx, [...patientIds, ...(channel.delegatePatientId ? [channel.delegatePatientId] : [])]);
    const byId = new Map(people.map((p) => [p.id, p]));
    const nameOf = (id: string) => {
      const p = byId.get(id);
      return p ? `${p.givenName} ${p.familyName}`.trim() : '';
    };
    const delegate = channel.delegatePatientId ? nameOf(channel.delegatePatientId) : null;
    const patients: SummaryPatient[] = patientIds.map((id) => {
      const p = byId.get(id);
      const code = p ? normalizeSsn(deps.cipher.decrypt(p.ssnEncrypted)) : null;
      return {
        name: nameOf(id),
        identityCode: code === null ? null : req.fullIdentityCode ? code : maskIdentityCode(code),
        delegateName: id === channel.patientId ? delegate : null,
      };
    });
    reads.show([
      ...patientReads,
      ...readsOf([channel.delegatePatientId], { organisationId: channel.organisationId, objectType: 'chatChannel', objectId: channel.id }),
    ]);
    if (req.fullIdentityCode && patientReads.length > 0) {
      const reveal = new PatientReads('chat.identityCode', reads.reader);
      reveal.show(patientReads);
      await recordPatientReads(tx, reveal);
    }
    const organisation = await notes.organisationOf(tx, channel.organisationId);
    const service = channel.serviceId ? await repo.serviceOf(tx, channel.serviceId) : undefined;
    const appointment = channel.appointmentId ? await notes.appointmentForSummary(tx, channel.appointmentId) : undefined;
    const messages = await repo.messagesAfter(tx, channel.id, 0, 100_000);
    const note = await notes.findNote(tx, { channelId: channel.id, expertId: expert.id });
    const metadata =
      channel.secureMetadata && channel.patientId && channel.serviceId
        ? openMetadata(deps.cipher, channel.secureMetadata, { patientId: channel.patientId, serviceId: channel.serviceId })
        : null;
    const names = organisation ? localizedOrganisationName(organisation.name, organisation.nameSe, organisation.nameEn) : null;
    return {
      organisationId: channel.organisationId,
      language,
      logos: organisation?.logos ?? new Set<string>(),
      summary: visitSummary({
        language: req.language,
        organisationName: names?.[req.language] ?? '',
        patients,
        kind: kindOf(channel.kind, appointment?.type),
        startedAt: channel.acceptedAt ?? channel.createdAt,
        endedAt: channel.endedAt,
        serviceName: (service?.name as Localized | undefined)?.[req.language] ?? null,
        appointmentName: appointment?.name ?? null,
        professionals: members.filter((m) => m.role === 'agent').map((m) => m.name),
        urgency: channel.urgency,
        preQuestionnaire: appointment?.preQuestionnaire ?? [],
        selfAssessment: readSelfAssessment(metadata),
        // What people wrote and the files they sent; notices (a transfer, someone joining) are left out.
        messages: messages
          .filter((m) => m.kind !== 'system')
          .map((m) => ({
            at: m.createdAt,
            who: m.userName || nameOf(m.userId),
            text: m.kind === 'file' && !m.text ? null : m.text,
            fileName: m.file?.filename ?? (m.kind === 'file' ? '?' : null),
          })),
        note: note?.text ?? null,
        printedAt: now,
      }),
    };
  });
}

const fileName = (channelId: string, ext: string) => `visit-summary-${channelId}.${ext}`;

/** `GET /api/expert/chat/channels/{id}/summary.txt`: the summary as plain text. */
export async function visitSummaryAsText(
  deps: SummaryDeps,
  caller: ExpertCaller,
  req: SummaryRequest,
  reads: PatientReads,
  now = new Date(),
) {
  const { summary } = await gather(deps, caller, req, reads, now);
  return { text: visitSummaryText(summary), filename: fileName(req.channelId, 'txt') };
}

/** `GET /api/expert/chat/channels/{id}/summary.pdf`: the summary as a PDF with the organisation's logo and name. */
export async function visitSummaryAsPdf(
  deps: SummaryDeps,
  caller: ExpertCaller,
  req: SummaryRequest,
  reads: PatientReads,
  now = new Date(),
) {
  const { summary, organisationId, logos, language } = await gather(deps, caller, req, reads, now);
  // A logo that cannot be read (bytes missing from the store) leaves the name alone at the head.
  const logo = await logoOf(deps, organisationId, logos, language).catch(() => null);
  return { pdf: await visitSummaryPdf(summary satisfies VisitSummary, logo), filename: fileName(req.channelId, 'pdf') };
}
