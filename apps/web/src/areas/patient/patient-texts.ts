import type { Language } from '@prsp/contracts';
import fi from '@/locales/fi/patient.json';
import { i18n } from '@/lib/i18n';
import { languageTag } from '@prsp/contracts';

/**
 * The patient area's texts. Finnish (the default, and the fallback) comes with the area's code; Swedish
 * and English load when first chosen, so the first page carries one language instead of three.
 */
i18n.add('fi', fi);

const LOADERS: Record<Exclude<Language, 'fi'>, () => Promise<{ default: object }>> = {
  se: () => import('@/locales/sv/patient.json'),
  en: () => import('@/locales/en/patient.json'),
};
const loaded = new Map<Language, Promise<void>>([['fi', Promise.resolve()]]);

/** Resolves once `lang`'s patient texts are in; call before switching to it. */
export function loadPatientTexts(lang: Language): Promise<void> {
  let done = loaded.get(lang);
  if (!done) {
    done = LOADERS[lang as Exclude<Language, 'fi'>]()
      .then((m) => i18n.add(languageTag(lang), m.default))
      .catch((err: unknown) => {
        loaded.delete(lang);
        throw err;
      });
    loaded.set(lang, done);
  }
  return done;
}
