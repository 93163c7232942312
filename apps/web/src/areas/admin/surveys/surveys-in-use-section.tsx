import './surveys-admin-texts';
import { Link } from 'react-router';
import { useFieldText } from '@/lib/field-text';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { Editor } from '../organisation/organisation-editor';
import { SURVEYS_PATH } from './survey-paths';
import { useSurveyTemplates } from './surveys-admin-api';

/**
 * The organisation's `surveys` list (spec §3): which templates are in use, chosen among those the organisation may
 * use (its own and the shared global ones). A chosen one that is archived or gone stays listed, to be taken off.
 */
export function SurveysInUseSection({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const templates = useSurveyTemplates();
  const lang = currentLanguage();
  const chosen = editor.draft.json.surveys;
  const available = templates.data ?? [];
  const known = new Set(available.map((x) => x.id));
  const rows = [
    ...available.map((x) => ({ id: x.id, name: x.name[lang], kind: t(`surveysAdmin.kinds.${x.kind}`) })),
    ...chosen.filter((id) => !known.has(id)).map((id) => ({ id, name: t('surveysAdmin.inUse.unavailable'), kind: '' })),
  ];
  const toggle = (id: string, on: boolean) => editor.setJson('surveys', on ? [...chosen, id] : chosen.filter((x) => x !== id));
  const error = Object.entries(editor.errors).find(([k, v]) => v && (k === 'surveys' || k.startsWith('surveys.')))?.[1];
  return (
    <section className="card" aria-labelledby="org-surveys">
      <div className="page-head">
        <h2 id="org-surveys">{t('surveysAdmin.inUse.title')}</h2>
        <Link to={SURVEYS_PATH}>{t('surveysAdmin.inUse.manage')}</Link>
      </div>
      <fieldset disabled={editor.readOnly}>
        <legend className="visually-hidden">{t('surveysAdmin.inUse.legend')}</legend>
        <p className="hint">{t('surveysAdmin.inUse.intro')}</p>
        {templates.isSuccess && rows.length === 0 && <p>{t('surveysAdmin.inUse.none')}</p>}
        {rows.map((row) => (
          <label key={row.id} className="check" data-survey={row.id}>
            <input type="checkbox" checked={chosen.includes(row.id)} onChange={(e) => toggle(row.id, e.target.checked)} />
            <span>
              {row.name}
              {row.kind && <span className="hint"> · {row.kind}</span>}
            </span>
          </label>
        ))}
        {error && <p className="field-error">{fieldText(error)}</p>}
      </fieldset>
    </section>
  );
}
