import { useRef, useState, type FormEvent } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import { useNavigate } from 'react-router';
import { saveFailureKey } from '@/lib/form-errors';
import { FormAlert } from '@/components/ui/form-fields';
import { useSetOrganisation } from '@/features/staff/staff-api';
import { showToast } from '@/components/ui/toasts';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes';
import { useSaveOrganisation } from './organisation-api';
import { focusFirstInvalid, SaveBar, useDraft } from './organisation-editor';
import { CREATE_JSON_FIELDS, newOrganisationDraft, SETTINGS_TEXT_FIELDS, toFormData } from './organisation-draft';
import { AreaSection } from './sections/area-section';
import { BrandSection } from './sections/brand-section';
import { DataSavingSection } from './sections/data-saving-section';
import { InfoSection, SiteSection } from './sections/info-section';
import { ModulesSection } from './sections/modules-section';
import { PrivacySection } from './sections/privacy-section';
import { useTranslation } from '@/lib/i18n';

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
  const {
    editor,
    dirty,
    submit: checked,
    showServerErrors,
    markSaved,
  } = useDraft(initial, false, {
    fields: { text: SETTINGS_TEXT_FIELDS, json: ['privacyStatementUrl', 'areas'] },
    // A new organisation has its logo from the start.
    rules: (draft, found) => (draft.files.logo ? found : { ...found, logo: 'required' }),
  });
  const [created, setCreated] = useState(false);

  const submit = (e: FormEvent) =>
    checked(
      e,
      (_body, draft) =>
        create.mutate(toFormData(draft, { json: CREATE_JSON_FIELDS }), {
          onSuccess: (saved) => {
            markSaved();
            setCreated(true);
            showToast(t('admin.newOrg.created'));
            choose.mutate(saved.id, { onSettled: () => navigate('/admin/organization') });
          },
          onError: (err) => {
            showServerErrors(err);
            requestAnimationFrame(() => focusFirstInvalid(formRef.current));
          },
        }),
      focusFirstInvalid,
    );

  const failureKey = saveFailureKey(create.error);
  return (
    <form ref={formRef} className="section-stack has-save-bar" noValidate onSubmit={submit}>
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
      <SaveBar dirty={dirty && !created} busy={create.isPending || created} label={t('admin.newOrg.submit')} />
    </form>
  );
}
