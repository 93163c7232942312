import { useRef, useState, type FormEvent } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { useNavigate } from 'react-router';
import { saveFailureKey, serverFieldErrors } from '../../../lib/form-errors';
import { FormAlert } from '../../../components/ui/form-fields';
import { useSetOrganisation } from '../../../features/staff/staff-api';
import { showToast } from '../../../components/ui/toasts';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes';
import { useSaveOrganisation } from './organisation-api';
import { focusFirstInvalid, useDraft } from './organisation-editor';
import { CREATE_JSON_FIELDS, newOrganisationDraft, SETTINGS_TEXT_FIELDS, toFormData, validateDraft } from './organisation-draft';
import { AreaSection } from './sections/area-section';
import { BrandSection } from './sections/brand-section';
import { DataSavingSection } from './sections/data-saving-section';
import { InfoSection, SiteSection } from './sections/info-section';
import { ModulesSection } from './sections/modules-section';
import { PrivacySection } from './sections/privacy-section';
import { useTranslation } from '../../../lib/i18n';

/**
 * `/admin/newOrganization` (global admin): the organisation's own facts, brand, privacy statement,
 * modules and data saving; its texts start from the product's defaults and are edited afterwards.
 */
export function NewOrganisationPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.newOrganization'));
  const navigate = useNavigate();
  const create = useSaveOrganisation('create');
  const choose = useSetOrganisation();
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState(newOrganisationDraft);
  const { editor, dirty, setErrors, markSaved } = useDraft(initial, false);
  const [created, setCreated] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = { ...validateDraft(editor.draft, { text: SETTINGS_TEXT_FIELDS, json: ['privacyStatementUrl', 'areas'] }) };
    for (const kind of Object.keys(editor.draft.files)) if (editor.errors[kind]) found[kind] = editor.errors[kind];
    if (!editor.draft.files.logo) found.logo = 'required';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    create.mutate(toFormData(editor.draft, { json: CREATE_JSON_FIELDS }), {
      onSuccess: (saved) => {
        markSaved();
        setCreated(true);
        showToast(t('admin.newOrg.created'));
        choose.mutate(saved.id, { onSettled: () => navigate('/admin/organization') });
      },
      onError: (err) => {
        setErrors(serverFieldErrors(err));
        requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      },
    });
  };

  const failureKey = saveFailureKey(create.error);
  return (
    <form ref={formRef} className="section-stack" noValidate onSubmit={submit}>
      <UnsavedChangesGuard dirty={dirty && !created && !create.isPending} />
      <div className="page-head">
        <h1>{t('admin.newOrg.title')}</h1>
      </div>
      <p>{t('admin.newOrg.text')}</p>
      <FormAlert message={failureKey ? t(failureKey) : undefined} />
      <InfoSection editor={editor} />
      <SiteSection editor={editor} />
      <BrandSection editor={editor} />
      <PrivacySection editor={editor} />
      <AreaSection editor={editor} />
      <ModulesSection editor={editor} />
      <DataSavingSection editor={editor} />
      <div className="actions">
        <button type="submit" className="button" disabled={create.isPending || created}>
          {t('admin.newOrg.submit')}
        </button>
      </div>
    </form>
  );
}
