import type { StaffUserData } from '@prsp/contracts';
import { LocalizedFields } from '@/components/ui/localized-fields';
import { usePageTitle } from '@/lib/use-page-title';
import { OrganisationPageForm } from '../organisation/organisation-editor';
import { useTranslation } from '@/lib/i18n';

/**
 * `/admin/messages/customizable` (spec §2): the messages front page text and the new-message banner per language,
 * organisation content saved like the chat texts (`/admin/chat/customizable`): same form, validation and guard.
 */
export function MessagesTextsPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.messagesCustomizable'));
  return (
    <OrganisationPageForm
      organisationId={user.organisation!.id}
      canEdit={user.rights.serviceSettings.edit}
      title={t('admin.messages.customizable.title')}
      intro={<p>{t('admin.messages.customizable.intro')}</p>}
      fields={{ json: ['asyncMessagingFrontPage', 'asyncMessagingNewMessageBanner'] }}
    >
      {(editor) => (
        <section className="card form">
          <LocalizedFields
            legend={t('admin.messages.customizable.frontPage')}
            hint={t('admin.messages.customizable.frontPageHint')}
            multiline
            rows={6}
            {...editor.bindJson('asyncMessagingFrontPage')}
          />
          <LocalizedFields
            legend={t('admin.messages.customizable.banner')}
            hint={t('admin.messages.customizable.bannerHint')}
            multiline
            rows={2}
            {...editor.bindJson('asyncMessagingNewMessageBanner')}
          />
        </section>
      )}
    </OrganisationPageForm>
  );
}
