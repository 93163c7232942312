import { EMAIL_KINDS, emailTemplateTags, type EmailKindText, type EmailTemplateKind, type Language } from '@prsp/contracts';
import type { Tx } from '../../../db/client';
import type { Sender } from '../sender';
import * as repo from './email-templates.repo';
import type { TagValues } from './render';

/** The template that applies to an organisation, kind and language: its own, else the built-in one. */
export type ResolvedTemplate = {
  id: string | null;
  kind: EmailTemplateKind;
  language: Language;
  source: 'default' | 'custom';
  senderName: string;
  senderAddress: string;
  title: string;
  content: string;
  tags: readonly string[];
  updatedAt: Date | null;
};

/** The built-in template of a kind in a language, sent from the configured sender. */
export function defaultTemplate(kind: EmailTemplateKind, language: Language, sender: Sender): ResolvedTemplate {
  const text: EmailKindText = EMAIL_KINDS[kind].defaults[language];
  return {
    id: null,
    kind,
    language,
    source: 'default',
    senderName: sender.name,
    senderAddress: sender.address,
    title: text.title,
    content: text.content,
    tags: emailTemplateTags(kind),
    updatedAt: null,
  };
}

export function fromCustomRow(row: repo.CustomTemplateRow, kind: EmailTemplateKind, language: Language): ResolvedTemplate {
  const { id, senderName, senderAddress, title, content, updatedAt } = row;
  return { id, kind, language, source: 'custom', senderName, senderAddress, title, content, tags: emailTemplateTags(kind), updatedAt };
}

/** An organisation's own template overrides the default for its (kind, language); without an organisation the default applies. */
export async function resolveTemplate(
  tx: Tx,
  organisationId: string | null,
  kind: EmailTemplateKind,
  language: Language,
  sender: Sender,
): Promise<ResolvedTemplate> {
  const row = organisationId ? await repo.findCustomTemplate(tx, organisationId, kind, language) : undefined;
  return row ? fromCustomRow(row, kind, language) : defaultTemplate(kind, language, sender);
}

/**
 * The values a kind gets without the sender naming them: the kind's fixed values in the language
 * (such as how long a link is valid) and the organisation's name (the configured sender's name without one).
 */
export async function builtInValues(
  tx: Tx,
  organisationId: string | null,
  kind: EmailTemplateKind,
  language: Language,
  sender: Sender,
): Promise<TagValues> {
  const text: EmailKindText = EMAIL_KINDS[kind].defaults[language];
  const organisationName = (organisationId ? await repo.findOrganisationName(tx, organisationId) : undefined) ?? sender.name;
  return { ...text.values, organisationName };
}

const SAMPLE_PEOPLE: Record<Language, { firstName: string; lastName: string }> = {
  fi: { firstName: 'Maija', lastName: 'Meikäläinen' },
  se: { firstName: 'Maja', lastName: 'Andersson' },
  en: { firstName: 'Mary', lastName: 'Smith' },
};

/** A sample appointment for the booking kinds' preview: Monday 16 March 2026, 10.00–10.30 Helsinki time. */
const SAMPLE_APPOINTMENTS: Record<Language, TagValues> = {
  fi: {
    date: 'maanantaina 16.3.2026',
    time: '10.00',
    endTime: '10.30',
    duration: '30 min',
    expertName: 'Anna Asiantuntija',
    serviceName: 'Lääkärin vastaanotto',
  },
  se: {
    date: 'måndag 16.3.2026',
    time: '10.00',
    endTime: '10.30',
    duration: '30 min',
    expertName: 'Anna Expert',
    serviceName: 'Läkarmottagning',
  },
  en: {
    date: 'Monday 16 March 2026',
    time: '10:00',
    endTime: '10:30',
    duration: '30 min',
    expertName: 'Anna Expert',
    serviceName: "Doctor's appointment",
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
    patientName: 'Maija Meikäläinen',
    previousDate: 'perjantaina 13.3.2026',
    previousTime: '14.00',
    cancelReason: 'Asiantuntija on estynyt',
    patientName: 'Maja Andersson',
    previousDate: 'fredag 13.3.2026',
    previousTime: '14.00',
    cancelReason: 'Experten har förhinder',
    patientName: 'Mary Smith',
    previousDate: 'Friday 13 March 2026',
    previousTime: '14:00',
    cancelReason: 'The expert cannot attend',
