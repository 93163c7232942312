import { usePageTitle } from '@/lib/use-page-title';
import type { StaffUserData } from '@prsp/contracts';
import { OrganisationPageForm } from './organisation-editor';
import { SETTINGS_JSON_FIELDS, SETTINGS_TEXT_FIELDS } from './organisation-draft';
import { AreaSection } from './sections/area-section';
import { BrandSection } from './sections/brand-section';
import { ContentSection } from './sections/content-section';
import { DataSavingSection } from './sections/data-saving-section';
import { InfoSection, SiteSection } from './sections/info-section';
import { ModulesSection } from './sections/modules-section';
import { PresenceSection } from './sections/presence-section';
import { PrivacySection } from './sections/privacy-section';
import { ServicesSection } from './sections/services-section';
import { SurveysInUseSection } from '../surveys/surveys-in-use-section';
import { useTranslation } from '@/lib/i18n';

/** `/admin/organization`: the service settings of spec §2, one form, saved together. */
export function OrganisationSettingsPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.organization'));
  return (
    <OrganisationPageForm
      organisationId={user.organisation!.id}
      canEdit={user.rights.serviceSettings.edit}
      title={t('admin.org.title')}
      fields={{ text: SETTINGS_TEXT_FIELDS, json: SETTINGS_JSON_FIELDS }}
      withFlagsAndImages
    >
      {(editor) => (
        <>
          <InfoSection editor={editor} />
          <SiteSection editor={editor} />
          <BrandSection editor={editor} />
          <PrivacySection editor={editor} />
          <ServicesSection editor={editor} />
          <SurveysInUseSection editor={editor} />
          <AreaSection editor={editor} />
          <ContentSection editor={editor} />
          <ModulesSection editor={editor} />
          <PresenceSection editor={editor} />
          <DataSavingSection editor={editor} />
        </>
      )}
    </OrganisationPageForm>
  );
}
