import { LocalizedFields } from '@/components/ui/localized-fields';
import { TextAreaField } from '@/components/ui/form-fields';
import { OptionalLinkFields } from '@/areas/admin/content/optional-link-fields';
import type { Editor } from '../organisation-editor';
import { useTranslation } from '@/lib/i18n';

/**
 * Spec §2 'customizable content' and the service information page: the welcome text, terms,
 * more information and the messaging texts, each per language.
 */
export function ContentSection({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const { draft, errors, setText, readOnly, bindJson } = editor;
  return (
    <section className="card" aria-labelledby="org-content">
      <h2 id="org-content">{t('admin.org.content.title')}</h2>
      <div className="form">
        <LocalizedFields
          legend={t('admin.org.content.serviceInfo')}
          hint={t('admin.org.content.serviceInfoHint')}
          multiline
          {...bindJson('serviceInfo')}
        />
        <LocalizedFields
          legend={t('admin.org.content.terms')}
          hint={t('admin.org.content.htmlHint')}
          multiline
          rows={8}
          {...bindJson('termsAndConditionsText')}
        />
        <OptionalLinkFields
          editor={editor}
          field="termsAndConditionsMoreLink"
          legend={t('admin.org.content.termsMoreLink')}
          showLabel={t('admin.org.content.showTermsMoreLink')}
        />
        <OptionalLinkFields
          editor={editor}
          field="cookiePolicyLink"
          legend={t('admin.org.content.cookiePolicyLink')}
          showLabel={t('admin.org.content.showCookiePolicyLink')}
        />
        <fieldset disabled={readOnly}>
          <legend>{t('admin.org.content.additional')}</legend>
          <TextAreaField
            label={t('admin.org.content.additionalLabel')}
            value={draft.text.additionalServicesInformation}
            onChange={(v) => setText('additionalServicesInformation', v)}
            error={errors.additionalServicesInformation}
          />
        </fieldset>
        <LocalizedFields
          legend={t('admin.org.content.asyncFrontPage')}
          hint={t('admin.org.content.htmlHint')}
          multiline
          {...bindJson('asyncMessagingFrontPage')}
        />
        <LocalizedFields legend={t('admin.org.content.asyncBanner')} multiline rows={2} {...bindJson('asyncMessagingNewMessageBanner')} />
      </div>
    </section>
  );
}
