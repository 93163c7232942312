import { randomBytes } from 'node:crypto';
import {
  apiClients,
  appointments,
  chatCodeGroups,
  emailTemplates,
  experts,
  messageCategories,
  messageSubcategories,
  quickReplies,
  services,
  webhookEndpoints,
} from '../db/schema';
import { makeTemplate, sampleTemplateInput } from '../modules/surveys/templates.steps';
import { createStaffAccount } from '../test/staff-accounts';
import type { TestApp } from '../test/test-app';

/**
 * For each kind of object an organisation-scoped admin route names by `:id` (AdminRouteRight.object): how to make
 * one in a given organisation. The rights matrix test makes one in another organisation and expects every route on
 * it refused. A module adding routes with a new object kind adds its maker here.
 */
export const OBJECT_FIXTURES: Record<string, (t: TestApp, organisationId: string) => Promise<string>> = {
  adminUser: async (t, organisationId) => (await createStaffAccount(t, { organisation: organisationId, preset: 'booker' })).id,
  organisation: async (_t, organisationId) => organisationId,
  service: async (t, organisationId) => {
    const [row] = await t.database.db
      .insert(services)
      .values({
        organisationId,
        slug: `matrix-${randomBytes(4).toString('hex')}`,
        name: { fi: 'Palvelu', se: 'Tjänst', en: 'Service' },
        description: { fi: '', se: '', en: '' },
        icon: 'nurse',
        chatQueueId: 'matrix-queue',
      })
      .returning({ id: services.id });
    return row!.id;
  },
  expert: async (t, organisationId) => {
    const user = await createStaffAccount(t, { organisation: null });
    const [row] = await t.database.db
      .insert(experts)
      .values({ userId: user.id, organisationId, specializations: ['nurse'], chatQueueId: 'matrix-queue' })
      .returning({ id: experts.id });
    return row!.id;
  },
  chatCodeGroup: async (t, organisationId) => {
    const serviceId = await OBJECT_FIXTURES.service!(t, organisationId);
    const [row] = await t.database.db
      .insert(chatCodeGroups)
      .values({ organisationId, serviceId, name: 'Matriisi', totalCodes: 0, usesPerCode: 1, startsAt: new Date() })
      .returning({ id: chatCodeGroups.id });
    return row!.id;
  },
  messageCategory: async (t, organisationId) => {
    const [row] = await t.database.db
      .insert(messageCategories)
      .values({ organisationId, name: { fi: 'Luokka', se: 'Kategori', en: 'Category' }, openAccess: true })
      .returning({ id: messageCategories.id });
    return row!.id;
  },
  messageSubcategory: async (t, organisationId) => {
    const categoryId = await OBJECT_FIXTURES.messageCategory!(t, organisationId);
    const [row] = await t.database.db
      .insert(messageSubcategories)
      .values({ organisationId, categoryId, name: { fi: 'Alaluokka', se: 'Underkategori', en: 'Subcategory' }, openAccess: true })
      .returning({ id: messageSubcategories.id });
    return row!.id;
  },
  messageCodeGroup: async (t, organisationId) => {
    const subcategoryId = await OBJECT_FIXTURES.messageSubcategory!(t, organisationId);
    const [row] = await t.database.db
      .insert(chatCodeGroups)
      .values({ organisationId, subcategoryId, name: 'Matriisi', totalCodes: 0, usesPerCode: 1, startsAt: new Date() })
      .returning({ id: chatCodeGroups.id });
    return row!.id;
  },
  appointment: async (t, organisationId) => {
    const expertId = await OBJECT_FIXTURES.expert!(t, organisationId);
    const startsAt = new Date(Date.now() + 7 * 24 * 3_600_000);
    const [row] = await t.database.db
      .insert(appointments)
      .values({
        organisationId,
        expertId,
        name: 'Matriisi',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        type: 'oneOnOne',
        status: 'open',
      })
      .returning({ id: appointments.id });
    return row!.id;
  },
  emailTemplate: async (t, organisationId) => {
    const [row] = await t.database.db
      .insert(emailTemplates)
      .values({
        organisationId,
        kind: 'registration',
        language: 'fi',
        senderName: 'Testi',
        senderAddress: 'testi@test.example',
        title: 'Otsikko',
        content: 'Sisältö {{link}}',
      })
      .returning({ id: emailTemplates.id });
    return row!.id;
  },
  surveyTemplate: (t, organisationId) => makeTemplate(t.database.db, organisationId),
  webhookEndpoint: async (t, organisationId) => {
    const [row] = await t.database.db
      .insert(webhookEndpoints)
      .values({ organisationId, url: 'https://hooks.test.example/matrix', events: ['chat.ended'], secretEncrypted: 'v1.matrix' })
      .returning({ id: webhookEndpoints.id });
    return row!.id;
  },
  quickReply: async (t, organisationId) => {
    const [row] = await t.database.db
      .insert(quickReplies)
      .values({ organisationId, shortcut: `matrix-${randomBytes(4).toString('hex')}`, title: 'Matriisi', texts: { fi: 'Hei' } })
      .returning({ id: quickReplies.id });
    return row!.id;
  },
  apiClient: async (t, organisationId) => {
    const [row] = await t.database.db
      .insert(apiClients)
      .values({ organisationId, name: 'Matriisi', clientId: `matrix-${randomBytes(8).toString('hex')}`, secretHash: 'matrix', scopes: [] })
      .returning({ id: apiClients.id });
    return row!.id;
  },
};

const MATRIX_NAME = { fi: 'Matriisi', se: 'Matris', en: 'Matrix' };
const MATRIX_SUBCATEGORY = { name: MATRIX_NAME, openAccess: true, isDisabled: false, addedExperts: [] };

/**
 * A valid body for each object route that takes one, keyed `METHOD path`: with an empty body such a route would
 * answer 400 before it looks at the object, and the matrix could not see the organisation check.
 */
export const SAMPLE_BODIES: Record<string, () => unknown> = {
  'POST /api/admin/bookings/:id/update': () => ({
    kind: 'oneOnOne',
    expertId: '00000000-0000-4000-8000-000000000001',
    date: '2030-01-07',
    startTime: '10:00',
    durationMinutes: 30,
    sendConfirmation: false,
    patient: {
      ssn: '010101-123N',
      firstName: 'Matriisi',
      lastName: 'Testi',
      email: 'matrix@test.example',
      language: 'fi',
      nationality: 'FI',
    },
  }),
  'POST /api/admin/bookings/:id/move': () => ({ expertId: '00000000-0000-4000-8000-000000000001', date: '2030-01-07', startTime: '10:00' }),
  'POST /api/admin/bookings/timeslots/:id/update': () => ({
    expertId: '00000000-0000-4000-8000-000000000001',
    date: '2030-01-07',
    startTime: '10:00',
    durationMinutes: 30,
  }),
  'POST /api/admin/users/:id/update': () => ({ firstName: 'Matriisi', lastName: 'Testi', active: true, preset: 'booker' }),
  'POST /api/admin/services/:id/update': () => ({
    name: { fi: 'Palvelu', se: 'Tjänst', en: 'Service' },
    description: { fi: '', se: '', en: '' },
    icon: 'nurse',
    chatQueueId: 'matrix-queue',
    requiresCode: false,
    selfAssessment: 'none',
    areas: [],
  }),
  'POST /api/admin/experts/:id/update': () => ({
    firstName: 'Matriisi',
    lastName: 'Testi',
    email: `matrix-${randomBytes(4).toString('hex')}@test.example`,
    specializations: ['nurse'],
    communicationLanguage: 'fi',
    chatQueueId: 'matrix-queue',
  }),
  'DELETE /api/admin/organisation/email-templates/:id': () => ({ language: 'fi' }),
  'POST /api/admin/chat-codes/:groupId/update': () => ({ name: 'Matriisi', usesPerCode: 2 }),
  'POST /api/admin/async-messaging/categories/:id/update': () => ({ name: MATRIX_NAME, openAccess: true }),
  'POST /api/admin/async-messaging/subcategories/:categoryId/create': () => MATRIX_SUBCATEGORY,
  'POST /api/admin/async-messaging/subcategories/:id/update': () => MATRIX_SUBCATEGORY,
  'POST /api/admin/async-messaging/experts/:expertId/update': () => ({ handlesMessages: true }),
  'POST /api/admin/message-codes/:groupId/update': () => ({ name: 'Matriisi', usesPerCode: 2 }),
  'POST /api/survey-admin/templates/:id/update': () => sampleTemplateInput('Matriisi'),
  'POST /api/admin/webhooks/endpoints/:id/update': () => ({ active: true, events: ['chat.ended'] }),
  'POST /api/admin/quick-replies/:id/update': () => ({ shortcut: 'matrix', title: 'Matriisi', texts: { fi: 'Hei' } }),
};
