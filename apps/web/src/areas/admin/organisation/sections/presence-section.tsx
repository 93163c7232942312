import { TextField } from '@/components/ui/form-fields';
import type { Editor } from '../organisation-editor';
import { useTranslation } from '@/lib/i18n';
import '@/lib/presence-texts';

/** Issue 32: after how many minutes without use an expert counts as away (patients then see nobody on duty). */
export function PresenceSection({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const { draft, errors, setText, readOnly } = editor;
  return (
    <section className="card" aria-labelledby="org-presence">
      <h2 id="org-presence">{t('presence.admin.sectionTitle')}</h2>
      <fieldset disabled={readOnly} className="form-grid">
        <legend className="visually-hidden">{t('presence.admin.idleMinutes')}</legend>
        <TextField
          label={t('presence.admin.idleMinutes')}
          inputMode="numeric"
          hint={t('presence.admin.idleMinutesHint')}
          value={draft.text.presenceIdleMinutes}
          onChange={(v) => setText('presenceIdleMinutes', v)}
          error={errors.presenceIdleMinutes}
        />
      </fieldset>
    </section>
  );
}
