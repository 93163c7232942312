import { defineModule } from '../../platform/app-module';
import { categoriesAdminRoutes } from './categories-admin.routes';
import { categoriesReadRoutes } from './categories-read.routes';
import { expertMessagingRoutes } from './expert-messaging.routes';
import { messagingExpertsRoutes } from './messaging-experts.routes';
import { patientMessagingRoutes } from './patient-messaging.routes';

/**
 * Secure asynchronous messaging: categories, who handles messages, the conversations, and what a patient's message code
 * opens (docs/messaging.md). Message code groups are code groups of modules/chat-codes, administered there.
 */
export const messagingModule = defineModule('messaging', async (app, { config, db, cipher, files, events }) => {
  await app.register(categoriesAdminRoutes, { db });
  await app.register(categoriesReadRoutes, { db });
  await app.register(messagingExpertsRoutes, { db });
  const conversations = { db, cipher, files, publicUrl: config.publicUrl, sender: config.mail.sender, emit: events.emit };
  await app.register(patientMessagingRoutes, conversations);
  await app.register(expertMessagingRoutes, conversations);
});
