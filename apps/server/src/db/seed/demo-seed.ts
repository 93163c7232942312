import { count, eq } from 'drizzle-orm';
import type { FeatureFlags } from '@prsp/contracts';
import type { Db } from '../client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { chatCodeGroups, chatCodes, chatQueues, organisationAreas, organisations, services, specializations } from '../schema';
import { defaultOrganisationContent } from '../../modules/organisations/default-content';
import { newClientId } from '../../modules/organisations/client-id';
import { registerPatient } from '../../modules/patients/patients.service';
import { seedDemoStaff } from './staff-demo-seed';
import { TEST_PERSONS } from '../../stand-ins/test-idp/test-persons';

const ALL_ON: FeatureFlags = {
  bookingsEnabled: true,
  actingEnabled: true,
  logoutEnabled: true,
  contactEnabled: true,
  yourBookingsEnabled: true,
  changeLocationEnabled: true,
  htaConnectorEnabled: true,
  appointmentHistoryEnabled: true,
  asyncMessagingEnabled: true,
  remoteReceptionEnabled: true,
  termsAndConditionsEnabled: true,
  finnishEnabled: true,
  swedishEnabled: true,
  englishEnabled: true,
};

export const DEMO_ORGANISATIONS = [
  {
    slug: 'espoo-demo',
    name: 'Espoon etävastaanotto',
    primaryColor: '#0B4F8A',
    backgroundColor: '#F2F6FA',
    contactPerson: 'Eeva Esimerkki',
    contactPersonEmail: 'eeva.esimerkki@espoo-demo.example',
    flags: ALL_ON,
    areas: ['049', '092', '091', '235'],
  },
  {
    slug: 'kaarina-demo',
    name: 'Kaarinan terveysneuvonta',
    primaryColor: '#1E6B3A',
    backgroundColor: '#F3F8F4',
    contactPerson: 'Kalle Kaarinalainen',
    contactPersonEmail: 'kalle.kaarinalainen@kaarina-demo.example',
    flags: {
      ...ALL_ON,
      bookingsEnabled: false,
      yourBookingsEnabled: false,
      asyncMessagingEnabled: false,
      htaConnectorEnabled: false,
      englishEnabled: false,
    },
    areas: ['202', '853', '529'],
  },
] as const;

const DEMO_SERVICES = {
  'espoo-demo': [
    {
      slug: 'nurse',
      icon: 'nurse',
      chatQueueId: 'espoo-nurse',
      name: { fi: 'Sairaanhoitajan chat', se: 'Sjukskötarens chatt', en: 'Nurse chat' },
      description: {
        fi: 'Kysy sairaanhoitajalta arjen terveysasioista.',
        se: 'Fråga en sjukskötare om vardagliga hälsofrågor.',
        en: 'Ask a nurse about everyday health matters.',
      },
      selfAssessment: 'optional',
    },
    {
      slug: 'doctor',
      icon: 'doctor',
      chatQueueId: 'espoo-doctor',
      name: { fi: 'Lääkärin vastaanotto', se: 'Läkarmottagning', en: 'Doctor appointment' },
      description: { fi: 'Etävastaanotto lääkärin kanssa.', se: 'Distansmottagning med läkare.', en: 'Remote appointment with a doctor.' },
      selfAssessment: 'mandatory',
      // The doctor's open times are video visits, so the demo has video times to book (the nurse's are chats).
      openTimeKind: 'video',
    },
    {
      slug: 'physio',
      icon: 'physiotherapist',
      chatQueueId: 'espoo-physio',
      name: { fi: 'Fysioterapeutti', se: 'Fysioterapeut', en: 'Physiotherapist' },
      description: {
        fi: 'Ohjausta tuki- ja liikuntaelinvaivoihin koodilla.',
        se: 'Handledning vid besvär i stöd- och rörelseorganen med kod.',
        en: 'Guidance for musculoskeletal problems with a code.',
      },
      requiresCode: true,
    },
  ],
  'kaarina-demo': [
    {
      slug: 'child-health',
      icon: 'childDoctor',
      chatQueueId: 'kaarina-child',
      name: { fi: 'Lastenneuvola', se: 'Barnrådgivning', en: 'Child health clinic' },
      description: {
        fi: 'Neuvolan terveydenhoitajan chat.',
        se: 'Rådgivningens hälsovårdares chatt.',
        en: 'Chat with the child health nurse.',
      },
    },
    {
      slug: 'therapy',
      icon: 'therapist',
      chatQueueId: 'kaarina-therapy',
      name: { fi: 'Mielenterveysneuvonta', se: 'Rådgivning i psykisk hälsa', en: 'Mental health advice' },
      description: { fi: 'Keskustele terapeutin kanssa.', se: 'Samtala med en terapeut.', en: 'Talk with a therapist.' },
    },
  ],
} as const;

/** Inserts the demo organisations, services and test persons; running it again changes nothing that exists. */
export async function seedDemo(db: Db, cipher: FieldCipher): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(specializations).values(DEMO_SPECIALIZATIONS).onConflictDoNothing();
    for (const { areas, ...org } of DEMO_ORGANISATIONS) {
      const [created] = await tx
        .insert(organisations)
        .values({ ...org, flags: { ...org.flags }, content: demoContent(org.name, org.slug), clientId: newClientId() })
        .onConflictDoNothing({ target: organisations.slug })
        .returning({ id: organisations.id });
      if (created) {
        await tx
          .insert(organisationAreas)
          .values(areas.map((value) => ({ organisationId: created.id, kind: 'municipality' as const, value })));
      }
    }
    const rows = await tx.select({ id: organisations.id, slug: organisations.slug }).from(organisations);
    for (const { id, slug } of rows) {
      const list = DEMO_SERVICES[slug as keyof typeof DEMO_SERVICES] ?? [];
      for (const service of list) {
        await tx
          .insert(services)
          .values({ organisationId: id, ...service })
          .onConflictDoNothing({ target: [services.organisationId, services.slug] });
        // The queue of the product's own chat that the service's chat_queue_id names.
        await tx.insert(chatQueues).values({ id: service.chatQueueId, organisationId: id, name: service.name.fi }).onConflictDoNothing();
      }
    }
    for (const person of TEST_PERSONS) await registerPatient(tx, cipher, person);
    await seedDemoChatCodes(tx);
    await seedDemoStaff(tx);
  });
}

const DEMO_SPECIALIZATIONS = [
  { id: 'generalPractitioner', name: { fi: 'Yleislääkäri', se: 'Allmänläkare', en: 'General practitioner' } },
  { id: 'nurse', name: { fi: 'Sairaanhoitaja', se: 'Sjukskötare', en: 'Nurse' } },
  { id: 'publicHealthNurse', name: { fi: 'Terveydenhoitaja', se: 'Hälsovårdare', en: 'Public health nurse' } },
  { id: 'physiotherapist', name: { fi: 'Fysioterapeutti', se: 'Fysioterapeut', en: 'Physiotherapist' } },
  { id: 'psychologist', name: { fi: 'Psykologi', se: 'Psykolog', en: 'Psychologist' } },
  { id: 'paediatrician', name: { fi: 'Lastenlääkäri', se: 'Barnläkare', en: 'Paediatrician' } },
];

/**
 * Demo chat codes for the physiotherapy service, one per state a patient can meet:
 * PHYSIO2026 valid, FUTURE2099 not open yet, EXPIRED2020 expired, USED0001 already used.
 */
async function seedDemoChatCodes(tx: Parameters<Parameters<Db['transaction']>[0]>[0]) {
  const [physio] = await tx
    .select({ id: services.id, organisationId: services.organisationId })
    .from(services)
    .where(eq(services.slug, 'physio'))
    .limit(1);
  if (!physio) return;
  const day = 86_400_000;
  const now = Date.now();
  const groups = [
    { name: 'Fysioterapia 2026', code: 'PHYSIO2026', startsAt: new Date(now - day), expiresAt: null, usesPerCode: 100, useCount: 0 },
    { name: 'Tuleva ryhmä', code: 'FUTURE2099', startsAt: new Date(Date.UTC(2099, 0, 1)), expiresAt: null, usesPerCode: 1, useCount: 0 },
    {
      name: 'Vanhentunut ryhmä',
      code: 'EXPIRED2020',
      startsAt: new Date(Date.UTC(2020, 0, 1)),
      expiresAt: new Date(Date.UTC(2020, 11, 31)),
      usesPerCode: 1,
      useCount: 0,
    },
    { name: 'Käytetty koodi', code: 'USED0001', startsAt: new Date(now - day), expiresAt: null, usesPerCode: 1, useCount: 1 },
  ];
  for (const g of groups) {
    const [group] = await tx
      .insert(chatCodeGroups)
      .values({
        organisationId: physio.organisationId,
        serviceId: physio.id,
        name: g.name,
        totalCodes: 1,
        usesPerCode: g.usesPerCode,
        startsAt: g.startsAt,
        expiresAt: g.expiresAt,
      })
      .returning({ id: chatCodeGroups.id });
    await tx.insert(chatCodes).values({ groupId: group!.id, code: g.code, useCount: g.useCount }).onConflictDoNothing();
  }
}

/** True once any organisation exists: the demo seed runs only on an empty database. */
export async function hasData(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(organisations);
  return (row?.n ?? 0) > 0;
}

/** The default content, with the privacy statement links spec §5 requires before settings can be saved. */
function demoContent(name: string, slug: string) {
  const content = defaultOrganisationContent(name);
  const base = `https://${slug}.example`;
  content.privacyStatementUrl = {
    fi: { url: `${base}/tietosuoja`, name: content.privacyStatementUrl.fi.name },
    se: { url: `${base}/dataskydd`, name: content.privacyStatementUrl.se.name },
    en: { url: `${base}/privacy`, name: content.privacyStatementUrl.en.name },
  };
  // The pre-booking questionnaire (spec §5: mandatory questions need an answer).
  content.questionnaire = [
    {
      id: 'reason',
      content: { fi: 'Mikä on käyntisi syy?', se: 'Vad är orsaken till ditt besök?', en: 'What is the reason for your visit?' },
      isMandatory: true,
    },
    {
      id: 'other',
      content: {
        fi: 'Onko jotain muuta, mitä meidän pitäisi tietää?',
        se: 'Finns det något annat vi borde veta?',
        en: 'Is there anything else we should know?',
      },
      isMandatory: false,
    },
  ];
  return content;
}
