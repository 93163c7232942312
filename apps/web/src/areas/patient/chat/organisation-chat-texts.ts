import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePatientContext } from '../patient-state';

export type ChatPageTexts = { help: string; info: string; waiting: string; closed: string };

/**
 * The chat page's texts as the organisation wrote them (`config.chatTexts`, edited at `/admin/chat/customizable`)
 * in the patient's language; where the organisation left one empty, the product's own text stands in.
 */
export function useChatPageTexts(): ChatPageTexts {
  const { t } = useTranslation();
  const ctx = usePatientContext();
  const lang = currentLanguage();
  const own = ctx.phase === 'ready' ? ctx.config?.chatTexts : undefined;
  const pick = (key: keyof ChatPageTexts) => own?.[key][lang].trim() || t(`chat.defaults.${key}`);
  return { help: pick('help'), info: own?.info[lang].trim() ?? '', waiting: pick('waiting'), closed: pick('closed') };
}
