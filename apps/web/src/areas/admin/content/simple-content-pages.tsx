import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title';
import { LANGUAGES, type StaffUserData } from '@prsp/contracts';
import { CheckboxField, TextField } from '../../../components/ui/form-fields';
import { LocalizedFields } from '../../../components/ui/localized-fields';
import { OrganisationPageForm } from '../organisation/organisation-editor';

/** `/admin/chatCodesInformation`: the chat codes information the patient opens from service selection (HTML). */
export function ChatCodesInformationPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.chatCodesInformation'));
  return (
    <OrganisationPageForm
      organisationId={user.organisation!.id}
      canEdit={user.rights.serviceSettings.edit}
      title={t('admin.chatCodesInfo.title')}
      intro={<p>{t('admin.chatCodesInfo.intro')}</p>}
      fields={{ json: ['chatCodesInfo'] }}
    >
      {(editor) => (
        <section className="card">
          <LocalizedFields
            legend={t('admin.chatCodesInfo.legend')}
            hint={t('admin.org.content.htmlHint')}
            multiline
            rows={8}
            {...editor.bindJson('chatCodesInfo')}
          />
        </section>
      )}
    </OrganisationPageForm>
  );
}

/** `/admin/selfBookingConfirmation`: what the patient reads after booking, and an optional link per language. */
export function SelfBookingConfirmationPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.selfBookingConfirmation'));
  return (
    <OrganisationPageForm
      organisationId={user.organisation!.id}
      canEdit={user.rights.serviceSettings.edit}
      title={t('admin.bookingConfirmation.title')}
      intro={<p>{t('admin.bookingConfirmation.intro')}</p>}
      fields={{ json: ['bookingConfirmedText', 'bookingConfirmedLink'] }}
    >
      {(editor) => {
        const { draft, errors, setJson, readOnly, bindJson } = editor;
        const link = draft.json.bookingConfirmedLink;
        return (
          <section className="card form">
            <LocalizedFields legend={t('admin.bookingConfirmation.text')} multiline {...bindJson('bookingConfirmedText')} />
            <CheckboxField
              label={t('admin.bookingConfirmation.showLink')}
              checked={link !== null}
              disabled={readOnly}
              onChange={(on) =>
                setJson(
                  'bookingConfirmedLink',
                  on ? { fi: { text: '', url: '' }, se: { text: '', url: '' }, en: { text: '', url: '' } } : null,
                )
              }
            />
            {link && (
              <fieldset disabled={readOnly} className="form">
                <legend>{t('admin.bookingConfirmation.link')}</legend>
                {LANGUAGES.map((lang) => (
                  <div key={lang} className="form-grid">
                    <TextField
                      label={t('admin.bookingConfirmation.linkText', { lang: t(`ui.languageNames.${lang}`) })}
                      value={link[lang].text}
                      onChange={(text) => setJson('bookingConfirmedLink', { ...link, [lang]: { ...link[lang], text } })}
                      error={errors[`bookingConfirmedLink.${lang}.text`]}
                    />
                    <TextField
                      label={t('admin.bookingConfirmation.linkUrl', { lang: t(`ui.languageNames.${lang}`) })}
                      type="url"
                      value={link[lang].url}
                      onChange={(url) => setJson('bookingConfirmedLink', { ...link, [lang]: { ...link[lang], url } })}
                      error={errors[`bookingConfirmedLink.${lang}.url`]}
                    />
                  </div>
                ))}
              </fieldset>
            )}
          </section>
        );
      }}
    </OrganisationPageForm>
  );
}
