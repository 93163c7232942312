import { usePageTitle } from '@/lib/use-page-title';
import type { StaffUserData } from '@prsp/contracts';
import { LocalizedFields } from '@/components/ui/localized-fields';
import { OrganisationPageForm } from '../organisation/organisation-editor';
import { OptionalLinkFields } from './optional-link-fields';
import { useTranslation } from '@/lib/i18n';

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
      {(editor) => (
        <section className="card form">
          <LocalizedFields legend={t('admin.bookingConfirmation.text')} multiline {...editor.bindJson('bookingConfirmedText')} />
          <OptionalLinkFields
            editor={editor}
            field="bookingConfirmedLink"
            legend={t('admin.bookingConfirmation.link')}
            showLabel={t('admin.bookingConfirmation.showLink')}
          />
        </section>
      )}
    </OrganisationPageForm>
  );
}
