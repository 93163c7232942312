import type { ChatTexts, StaffUserData } from '@prsp/contracts';
import { usePageTitle } from '@/lib/use-page-title';
import { LocalizedFields } from '@/components/ui/localized-fields';
import { OrganisationPageForm } from '../organisation/organisation-editor';
import { useTranslation } from '@/lib/i18n';

/** The four texts in the order the patient meets them: help and info modals, then waiting, then a closed queue. */
const TEXTS: { key: keyof ChatTexts; rows: number }[] = [
  { key: 'help', rows: 6 },
  { key: 'info', rows: 6 },
  { key: 'waiting', rows: 4 },
  { key: 'closed', rows: 4 },
];

/**
 * `/admin/chat/customizable` (spec §2): the chat page's texts per language, saved with the organisation's content
 * like the other content pages (same form, validation and unsaved-changes guard). Plain text: line breaks show.
 */
export function ChatTextsPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.chatCustomizable'));
  return (
    <OrganisationPageForm
      organisationId={user.organisation!.id}
      canEdit={user.rights.serviceSettings.edit}
      title={t('admin.chatTexts.title')}
      intro={<p>{t('admin.chatTexts.intro')}</p>}
      fields={{ json: ['chatTexts'] }}
    >
      {(editor) => {
        const { value, onChange, errors, disabled } = editor.bindJson('chatTexts');
        return (
          <section className="card form">
            {TEXTS.map(({ key, rows }) => (
              <LocalizedFields
                key={key}
                legend={t(`admin.chatTexts.${key}`)}
                hint={t(`admin.chatTexts.${key}Hint`)}
                multiline
                rows={rows}
                value={value[key]}
                onChange={(text) => onChange({ ...value, [key]: text })}
                errors={errors}
                path={`chatTexts.${key}`}
                disabled={disabled}
              />
            ))}
          </section>
        );
      }}
    </OrganisationPageForm>
  );
}
