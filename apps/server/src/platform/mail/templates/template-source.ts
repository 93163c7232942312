import {
  EMAIL_KINDS,
  emailTemplateTags,
  localizedOrganisationName,
  type EmailKindText,
  type EmailTemplateKind,
  type Language,
} from '@prsp/contracts';
import type { Tx } from '../../../db/client';
import type { Sender } from '../sender';
import * as repo from './email-templates.repo';
import type { TagValues } from './render';

/**
 * The template that applies to an organisation, kind and language: its own, else the built-in one. `ownSender`
 * is what the template itself says (null parts inherit); `senderName` and `senderAddress` are what the e-mail
 * is sent from: the template's own, else the organisation's (one setting for all its templates), else the
 * configured sender.
 */
export type ResolvedTemplate = {
  id: string | null;
  kind: EmailTemplateKind;
  language: Language;
  source: 'default' | 'custom';
  ownSender: { name: string | null; address: string | null };
  senderName: string;
  senderAddress: string;
  title: string;
  content: string;
  tags: readonly string[];
  updatedAt: Date | null;
};

/** The built-in template of a kind in a language, sent from the inherited sender. */
export function defaultTemplate(kind: EmailTemplateKind, language: Language, sender: Sender): ResolvedTemplate {
  const text: EmailKindText = EMAIL_KINDS[kind].defaults[language];
  return {
    id: null,
    kind,
    language,
    source: 'default',
    ownSender: { name: null, address: null },
    senderName: sender.name,
    senderAddress: sender.address,
    title: text.title,
    content: text.content,
    tags: emailTemplateTags(kind),
    updatedAt: null,
  };
}

/** An organisation's own template; a sender part it leaves empty is the inherited `sender`'s. */
export function fromCustomRow(row: repo.CustomTemplateRow, kind: EmailTemplateKind, language: Language, sender: Sender): ResolvedTemplate {
  const { id, title, content, updatedAt } = row;
  return {
    id,
    kind,
    language,
    source: 'custom',
    ownSender: { name: row.senderName, address: row.senderAddress },
    senderName: row.senderName ?? sender.name,
    senderAddress: row.senderAddress ?? sender.address,
    title,
    content,
    tags: emailTemplateTags(kind),
    updatedAt,
  };
}

function inheritedSender(org: repo.MailIdentity | undefined, sender: Sender): Sender {
  return { name: org?.senderName ?? sender.name, address: org?.senderAddress ?? sender.address };
}

/** The sender an organisation's templates inherit: its own setting, part by part, else the configured sender. */
export async function organisationSender(tx: Tx, organisationId: string | null, sender: Sender): Promise<Sender> {
  return inheritedSender(organisationId ? await repo.findOrganisationMailIdentity(tx, organisationId) : undefined, sender);
}

function valuesOf(org: repo.MailIdentity | undefined, kind: EmailTemplateKind, language: Language, sender: Sender): TagValues {
  const text: EmailKindText = EMAIL_KINDS[kind].defaults[language];
  const organisationName = org ? localizedOrganisationName(org.name, org.nameSe, org.nameEn)[language] : sender.name;
  return { ...text.values, organisationName };
}

/**
 * The values a kind gets without the sender naming them: the kind's fixed values in the language
 * (such as how long a link is valid) and the organisation's name in the e-mail's language (its Finnish
 * name where it has none; the configured sender's name without an organisation).
 */
export async function builtInValues(
  tx: Tx,
  organisationId: string | null,
  kind: EmailTemplateKind,
  language: Language,
  sender: Sender,
): Promise<TagValues> {
  return valuesOf(organisationId ? await repo.findOrganisationMailIdentity(tx, organisationId) : undefined, kind, language, sender);
}

/**
 * What an e-mail is made of, in one read: the template that applies to the organisation, kind and language (its
 * own, else the built-in one, sent from the inherited sender) and the values the kind gets without the sender.
 */
export async function resolveMail(
  tx: Tx,
  organisationId: string | null,
  kind: EmailTemplateKind,
  language: Language,
  sender: Sender,
): Promise<{ template: ResolvedTemplate; builtIn: TagValues }> {
  const source = organisationId ? await repo.findTemplateSource(tx, organisationId, kind, language) : undefined;
  const inherited = inheritedSender(source?.organisation, sender);
  return {
    template: source?.template ? fromCustomRow(source.template, kind, language, inherited) : defaultTemplate(kind, language, inherited),
    builtIn: valuesOf(source?.organisation, kind, language, sender),
  };
}

const SAMPLE_PEOPLE: Record<Language, { firstName: string; lastName: string }> = {
  fi: { firstName: 'Maija', lastName: 'Meikäläinen' },
  se: { firstName: 'Maja', lastName: 'Andersson' },
  en: { firstName: 'Mary', lastName: 'Smith' },
};

/** A sample appointment for the booking kinds' preview: a video visit on Monday 16 March 2026, 10.00–10.30 Helsinki time. */
const SAMPLE_APPOINTMENTS: Record<Language, TagValues> = {
  fi: {
    date: 'maanantaina 16.3.2026',
    time: '10.00',
    endTime: '10.30',
    duration: '30 min',
    expertName: 'Anna Asiantuntija',
    serviceName: 'Lääkärin vastaanotto',
    appointmentKind: 'video',
    deviceCheck: 'Testaa laitteesi etukäteen: https://prsp.example/device-check',
    patientName: 'Maija Meikäläinen',
    previousDate: 'perjantaina 13.3.2026',
    previousTime: '14.00',
    cancelReason: 'Asiantuntija on estynyt',
    appointments: 'Peruttu: maanantaina 16.3.2026 klo 10.00–10.30, Lääkärin vastaanotto, Anna Asiantuntija',
    message: 'Asiantuntija on sairastunut. Pahoittelemme.',
  },
  se: {
    date: 'måndag 16.3.2026',
    time: '10.00',
    endTime: '10.30',
    duration: '30 min',
    expertName: 'Anna Expert',
    serviceName: 'Läkarmottagning',
    appointmentKind: 'video',
    deviceCheck: 'Testa din utrustning i förväg: https://prsp.example/device-check',
    patientName: 'Maja Andersson',
    previousDate: 'fredag 13.3.2026',
    previousTime: '14.00',
    cancelReason: 'Experten har förhinder',
    appointments: 'Avbokad: måndag 16.3.2026 kl. 10.00–10.30, Läkarmottagning, Anna Expert',
    message: 'Experten har insjuknat. Vi beklagar.',
  },
  en: {
    date: 'Monday 16 March 2026',
    time: '10:00',
    endTime: '10:30',
    duration: '30 min',
    expertName: 'Anna Expert',
    serviceName: "Doctor's appointment",
    appointmentKind: 'video',
    deviceCheck: 'Test your device beforehand: https://prsp.example/device-check',
    patientName: 'Mary Smith',
    previousDate: 'Friday 13 March 2026',
    previousTime: '14:00',
    cancelReason: 'The expert cannot attend',
    appointments: "Cancelled: Monday 16 March 2026 at 10:00–10:30, Doctor's appointment, Anna Expert",
    message: 'The expert has fallen ill. We apologise.',
  },
};

/** Sample values for the editor's preview; a new kind's own tags show as written until given here. */
export function sampleValues(language: Language): TagValues {
  return {
    ...SAMPLE_PEOPLE[language],
    ...SAMPLE_APPOINTMENTS[language],
    link: 'https://prsp.example/example-link',
    // A guest invitation's sign-in: an example address and an obviously made-up PIN.
    email: 'guest@example.com',
    pin: '123456',
  };
}

/** Drops tags given as undefined, so they do not hide a built-in value. */
export function definedValues(values: TagValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
