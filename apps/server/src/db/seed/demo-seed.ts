import { count } from 'drizzle-orm';
import type { FeatureFlags } from '@prsp/contracts';
import type { Db } from '../client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { organisations, services } from '../schema';
import { registerPatient } from '../../modules/patients/patients.service';
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
  { slug: 'espoo-demo', name: 'Espoon etävastaanotto', primaryColor: '#0B4F8A', backgroundColor: '#F2F6FA', flags: ALL_ON },
  {
    slug: 'kaarina-demo',
    name: 'Kaarinan terveysneuvonta',
    primaryColor: '#1E6B3A',
    backgroundColor: '#F3F8F4',
    flags: {
      ...ALL_ON,
      bookingsEnabled: false,
      yourBookingsEnabled: false,
      asyncMessagingEnabled: false,
      htaConnectorEnabled: false,
      englishEnabled: false,
    },
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
    for (const org of DEMO_ORGANISATIONS) {
      await tx
        .insert(organisations)
        .values({ ...org, flags: { ...org.flags } })
        .onConflictDoNothing({ target: organisations.slug });
    }
    const rows = await tx.select({ id: organisations.id, slug: organisations.slug }).from(organisations);
    for (const { id, slug } of rows) {
      const list = DEMO_SERVICES[slug as keyof typeof DEMO_SERVICES] ?? [];
      for (const service of list) {
        await tx
          .insert(services)
          .values({ organisationId: id, ...service })
          .onConflictDoNothing({ target: [services.organisationId, services.slug] });
      }
    }
    for (const person of TEST_PERSONS) await registerPatient(tx, cipher, person);
  });
}

/** True once any organisation exists: the demo seed runs only on an empty database. */
export async function hasData(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(organisations);
  return (row?.n ?? 0) > 0;
}
