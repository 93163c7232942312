import { usePageTitle } from '@/lib/use-page-title';
import type { Question, StaffUserData } from '@prsp/contracts';
import { CheckboxField } from '@/components/ui/form-fields';
import { LocalizedFields } from '@/components/ui/localized-fields';
import { OrganisationPageForm } from '../organisation/organisation-editor';
import { useTranslation } from '@/lib/i18n';

/** A question id no other question has: kept when questions move, so stored answers still match. */
export function newQuestionId(existing: readonly Question[]): string {
  let n = existing.length + 1;
  while (existing.some((q) => q.id === `q${n}`)) n++;
  return `q${n}`;
}

/** `/admin/preQuestionnaire`: the questions a patient answers before confirming a booking; each may be mandatory. */
export function PreQuestionnairePage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.preQuestionnaire'));
  return (
    <OrganisationPageForm
      organisationId={user.organisation!.id}
      canEdit={user.rights.serviceSettings.edit}
      title={t('admin.preQuestionnaire.title')}
      intro={<p>{t('admin.preQuestionnaire.intro')}</p>}
      fields={{ json: ['questionnaire'] }}
    >
      {(editor) => {
        const { draft, errors, setJson, readOnly } = editor;
        const questions = draft.json.questionnaire;
        const set = (next: Question[]) => setJson('questionnaire', next);
        const move = (i: number, by: -1 | 1) => {
          const next = [...questions];
          const [q] = next.splice(i, 1);
          next.splice(i + by, 0, q!);
          set(next);
        };
        return (
          <section className="card form">
            {questions.length === 0 && <p>{t('admin.preQuestionnaire.none')}</p>}
            {questions.map((question, i) => (
              <div key={question.id} className="repeat-item">
                <LocalizedFields
                  legend={t('admin.preQuestionnaire.question', { n: i + 1 })}
                  multiline
                  rows={2}
                  value={question.content}
                  onChange={(content) => set(questions.map((q) => (q.id === question.id ? { ...q, content } : q)))}
                  errors={errors}
                  path={`questionnaire.${i}.content`}
                  disabled={readOnly}
                />
                <CheckboxField
                  label={t('admin.preQuestionnaire.mandatory')}
                  checked={question.isMandatory}
                  disabled={readOnly}
                  onChange={(isMandatory) => set(questions.map((q) => (q.id === question.id ? { ...q, isMandatory } : q)))}
                />
                {!readOnly && (
                  <div className="actions">
                    <button type="button" className="button small secondary" disabled={i === 0} onClick={() => move(i, -1)}>
                      {t('admin.preQuestionnaire.up', { n: i + 1 })}
                    </button>
                    <button
                      type="button"
                      className="button small secondary"
                      disabled={i === questions.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      {t('admin.preQuestionnaire.down', { n: i + 1 })}
                    </button>
                    <button
                      type="button"
                      className="button small secondary"
                      onClick={() => set(questions.filter((q) => q.id !== question.id))}
                    >
                      {t('admin.preQuestionnaire.remove', { n: i + 1 })}
                    </button>
                  </div>
                )}
              </div>
            ))}
            {!readOnly && (
              <div>
                <button
                  type="button"
                  className="button secondary"
                  onClick={() =>
                    set([...questions, { id: newQuestionId(questions), content: { fi: '', se: '', en: '' }, isMandatory: false }])
                  }
                >
                  {t('admin.preQuestionnaire.add')}
                </button>
              </div>
            )}
          </section>
        );
      }}
    </OrganisationPageForm>
  );
}
