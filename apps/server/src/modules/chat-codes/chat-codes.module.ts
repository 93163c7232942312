import { defineModule } from '../../platform/app-module';
import { codeGroupsAdminRoutes } from './chat-codes-admin.routes';
import { patientChatCodeRoutes } from './patient-chat-code.routes';

/**
 * Chat codes and message codes, one concept: code groups whose codes open a service or a subcategory of async
 * messaging. The admin's groups of both kinds, and the patient's use of a chat code (async messaging checks and
 * uses message codes through patient-chat-code.service.ts).
 */
export const chatCodesModule = defineModule('chat-codes', async (app, { db }) => {
  await app.register(codeGroupsAdminRoutes, { db });
  await app.register(patientChatCodeRoutes, { db });
});
