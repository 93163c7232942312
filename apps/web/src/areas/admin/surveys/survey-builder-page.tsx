import './surveys-admin-texts';
import './surveys-admin.css';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  SURVEY_KINDS,
  SURVEY_QUESTION_TYPES,
  ZSurveyTemplateInput,
  type StaffUserData,
  type SurveyQuestionType,
  type SurveyTemplate,
  type SurveyTemplateInput,
} from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { CheckboxField, FormAlert, SelectField } from '@/components/ui/form-fields';
import { LocalizedFields } from '@/components/ui/localized-fields';
import { showToast } from '@/components/ui/toasts';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes';
import { useFieldText } from '@/lib/field-text';
import { saveFailureKey } from '@/lib/form-errors';
import { usePageTitle } from '@/lib/use-page-title';
import { useZodForm } from '@/features/staff/use-zod-form';
import { useLeaveAfterSave } from '../messaging/use-leave-after-save';
import { focusFirstInvalid } from '../organisation/organisation-editor';
import { QuestionEditor } from './question-editor';
import { builderBody, initialBuilderForm, moved, newQuestion, withoutQuestion, type BuilderForm } from './survey-builder-model';
import { SurveyPreview } from './survey-preview';
import { SURVEYS_PATH } from './survey-paths';
import { useSaveSurveyTemplate, useSurveyTemplate } from './surveys-admin-api';
import { useTranslation } from '@/lib/i18n';

function Builder({ template, user, title }: { template?: SurveyTemplate; user: StaffUserData; title: string }) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const save = useSaveSurveyTemplate();
  const formRef = useRef<HTMLFormElement>(null);
  const isNew = !template;
  // The same rules as the server's: the contract's schema with the survey model's checks (survey-builder-model.ts).
  const builder = useZodForm<BuilderForm, SurveyTemplateInput>({
    schema: ZSurveyTemplateInput,
    defaultValues: initialBuilderForm(template),
    toBody: (form) => builderBody(form, isNew),
  });
  const { values: form, errors, set } = builder;
  const [newType, setNewType] = useState<SurveyQuestionType>('single');
  const [leaving, leave] = useLeaveAfterSave();
  const readOnly = !user.rights.serviceSettings.edit || (template ? !template.editable : false);
  const dirty = builder.dirty && !leaving;
  const setQuestions = (questions: BuilderForm['questions']) => set('questions', questions);
  const addQuestion = () => {
    setQuestions([...form.questions, newQuestion(form.questions, newType)]);
    // The new question's type field takes the focus, so keyboard users carry on where the question is.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('.question-editor:last-of-type select')?.focus());
  };
  const focusInvalid = () => requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  const submit = (e: FormEvent) =>
    builder.submit(
      e,
      (body) =>
        save.mutate(
          { id: template?.id, body },
          {
            onSuccess: () => {
              showToast(t(isNew ? 'surveysAdmin.edit.created' : 'surveysAdmin.edit.saved'));
              leave(SURVEYS_PATH);
            },
            onError: (err) => {
              builder.showServerErrors(err);
              focusInvalid();
            },
          },
        ),
      focusFirstInvalid,
    );
  const failureKey = saveFailureKey(save.error);
  const hasErrors = Object.values(errors).some(Boolean);
  return (
    <div className="section-stack survey-builder">
      <form ref={formRef} className="section-stack" noValidate onSubmit={submit}>
        <UnsavedChangesGuard dirty={dirty && !save.isPending} />
        <p>
          <Link to={SURVEYS_PATH}>{t('surveysAdmin.edit.back')}</Link>
        </p>
        <h1>{title}</h1>
        {template && <p className="hint">{t('surveysAdmin.edit.versionNote', { version: template.version })}</p>}
        {template && !template.editable && <p className="notice">{t('surveysAdmin.edit.readOnlyGlobal')}</p>}
        {!user.rights.serviceSettings.edit && <p className="notice">{t('admin.readOnly')}</p>}
        <FormAlert message={failureKey ? t(failureKey) : hasErrors ? t('surveysAdmin.edit.fixErrors') : undefined} />
        <fieldset className="card form" disabled={readOnly}>
          <legend className="visually-hidden">{title}</legend>
          <LocalizedFields
            legend={t('surveysAdmin.edit.name')}
            value={form.name}
            onChange={(v) => set('name', v)}
            errors={errors}
            path="name"
          />
          <LocalizedFields
            legend={t('surveysAdmin.edit.intro')}
            hint={t('surveysAdmin.edit.introHint')}
            value={form.intro}
            onChange={(v) => set('intro', v)}
            errors={errors}
            path="intro"
            multiline
            rows={3}
          />
          <SelectField
            label={t('surveysAdmin.edit.kind')}
            value={form.kind}
            options={SURVEY_KINDS.map((k) => ({ value: k, label: t(`surveysAdmin.kinds.${k}`) }))}
            onChange={(v) => set('kind', v as BuilderForm['kind'])}
          />
          {user.isGlobalAdmin && (
            <>
              {isNew && <CheckboxField label={t('surveysAdmin.edit.global')} {...builder.checkbox('global')} />}
              {form.global && <CheckboxField label={t('surveysAdmin.edit.shared')} {...builder.checkbox('shared')} />}
            </>
          )}
        </fieldset>
        <section className="card" aria-labelledby="survey-questions-title">
          <h2 id="survey-questions-title">{t('surveysAdmin.edit.questions')}</h2>
          {errors.questions && (
            <p className="field-error" role="alert">
              {fieldText(errors.questions)}
            </p>
          )}
          {form.questions.length === 0 && <p className="empty">{t('surveysAdmin.edit.noQuestions')}</p>}
          {form.questions.map((q, i) => (
            <QuestionEditor
              key={q.id}
              question={q}
              index={i}
              count={form.questions.length}
              questions={form.questions}
              errors={errors}
              readOnly={readOnly}
              onChange={(next) => setQuestions(form.questions.map((x, k) => (k === i ? next : x)))}
              onMove={(by) => setQuestions(moved(form.questions, i, by))}
              onRemove={() => setQuestions(withoutQuestion(form.questions, i))}
            />
          ))}
          {!readOnly && (
            <div className="actions">
              <SelectField
                label={t('surveysAdmin.edit.newQuestionType')}
                value={newType}
                options={SURVEY_QUESTION_TYPES.map((type) => ({ value: type, label: t(`surveysAdmin.types.${type}`) }))}
                onChange={(v) => setNewType(v as SurveyQuestionType)}
              />
              <button type="button" className="button secondary" onClick={addQuestion}>
                {t('surveysAdmin.edit.addQuestion')}
              </button>
            </div>
          )}
        </section>
        {!readOnly && (
          <div className="actions">
            <button type="submit" className="button" disabled={save.isPending}>
              {t('staff.save')}
            </button>
          </div>
        )}
      </form>
      <SurveyPreview name={form.name} intro={form.intro} questions={form.questions} />
    </div>
  );
}

/** `/admin/surveys/edit` (`?id=` to edit): the survey builder with its preview (docs/surveys.md). */
export function SurveyBuilderPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const template = useSurveyTemplate(id);
  const readOnly = !user.rights.serviceSettings.edit || template.data?.editable === false;
  const title = t(!id ? 'surveysAdmin.edit.addTitle' : readOnly ? 'surveysAdmin.edit.viewTitle' : 'surveysAdmin.edit.editTitle');
  usePageTitle(title);
  if (!id) return <Builder key="new" user={user} title={title} />;
  if (template.isError)
    return (
      <div className="section-stack">
        <h1>{title}</h1>
        <FormAlert message={t('surveysAdmin.edit.notFound')} />
      </div>
    );
  if (!template.data) return <Loading />;
  return <Builder key={`${template.data.id}:${template.data.version}`} template={template.data} user={user} title={title} />;
}
