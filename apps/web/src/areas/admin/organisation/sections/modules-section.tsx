import { FEATURE_FLAGS } from '@prsp/contracts';
import { CheckboxField } from '@/components/ui/form-fields';
import type { Editor } from '../organisation-editor';
import { useTranslation } from '@/lib/i18n';

/** Spec §2 'service modules': the 14 feature flags of spec §3, each switched on or off for the organisation. */
export function ModulesSection({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="org-modules">
      <h2 id="org-modules">{t('admin.org.modules.title')}</h2>
      <fieldset disabled={editor.readOnly}>
        <legend>{t('admin.org.modules.legend')}</legend>
        <div className="form-grid">
          {FEATURE_FLAGS.map((flag) => (
            <CheckboxField
              key={flag}
              label={t(`admin.flags.${flag}`)}
              checked={editor.draft.flags[flag]}
              onChange={(v) => editor.setFlag(flag, v)}
            />
          ))}
        </div>
      </fieldset>
    </section>
  );
}
