import type { EmailTemplate } from '@prsp/contracts';

/** The list of templates (spec §2 `/admin/templateEditor`). */
export const TEMPLATES_PATH = '/admin/templateEditor';

/** Each template has an address of its own, so it can be linked, reloaded and left with the back button. */
export const templatePath = (tpl: Pick<EmailTemplate, 'kind' | 'language'>) => `${TEMPLATES_PATH}/${tpl.kind}/${tpl.language}`;
