import { defineModule } from '../../platform/app-module';
import { emailTemplateRoutes } from './email-templates.routes';

/** The organisations' own e-mail templates (admin). */
export const emailTemplatesModule = defineModule('email-templates', async (app, { config, db }) => {
  await app.register(emailTemplateRoutes, { db, sender: config.mail.sender });
});
