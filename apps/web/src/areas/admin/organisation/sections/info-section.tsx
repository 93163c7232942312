import { CheckboxField, SelectField, TextAreaField, TextField } from '@/components/ui/form-fields';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { Editor } from '../organisation-editor';
import { useCountries } from '../organisation-api';
import { countryOptions } from '../country-options';

/** Spec §2 'organisation info': name, payment number, contact person and e-mail, country, type, end of service. */
export function InfoSection({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const countries = useCountries();
  const lang = currentLanguage();
  const { draft, errors, setText, readOnly } = editor;
  return (
    <section className="card" aria-labelledby="org-info">
      <h2 id="org-info">{t('admin.org.info.title')}</h2>
      <fieldset disabled={readOnly} className="form-grid">
        <legend className="visually-hidden">{t('admin.org.info.title')}</legend>
        <TextField
          label={t('admin.org.info.name')}
          value={draft.text.organizationName}
          onChange={(v) => setText('organizationName', v)}
          error={errors.organizationName}
          required
        />
        <TextField
          label={t('admin.org.info.nameSe')}
          hint={t('admin.org.info.nameLanguageHint')}
          value={draft.text.organizationNameSe}
          onChange={(v) => setText('organizationNameSe', v)}
          error={errors.organizationNameSe}
        />
        <TextField
          label={t('admin.org.info.nameEn')}
          hint={t('admin.org.info.nameLanguageHint')}
          value={draft.text.organizationNameEn}
          onChange={(v) => setText('organizationNameEn', v)}
          error={errors.organizationNameEn}
        />
        <TextField
          label={t('admin.org.info.paymentNumber')}
          value={draft.text.paymentNumber}
          onChange={(v) => setText('paymentNumber', v)}
          error={errors.paymentNumber}
        />
        <TextField
          label={t('admin.org.info.contactPerson')}
          value={draft.text.contactPerson}
          onChange={(v) => setText('contactPerson', v)}
          error={errors.contactPerson}
          required
        />
        <TextField
          label={t('admin.org.info.contactPersonEmail')}
          type="email"
          value={draft.text.contactPersonEmail}
          onChange={(v) => setText('contactPersonEmail', v)}
          error={errors.contactPersonEmail}
          required
        />
        <SelectField
          label={t('admin.org.info.country')}
          value={draft.text.country.toUpperCase()}
          onChange={(v) => setText('country', v)}
          error={errors.country}
          options={countryOptions(
            countries.data ?? [
              { code: draft.text.country.toUpperCase(), name: { fi: draft.text.country, se: draft.text.country, en: draft.text.country } },
            ],
            lang,
          )}
        />
        <SelectField
          label={t('admin.org.info.type')}
          value={draft.text.organisationType}
          onChange={(v) => setText('organisationType', v)}
          error={errors.organisationType}
          options={[
            { value: 'internal', label: t('admin.org.info.internal') },
            { value: 'external', label: t('admin.org.info.external') },
          ]}
        />
        <TextField
          label={t('admin.org.info.endOfService')}
          type="date"
          value={draft.text.endOfService}
          onChange={(v) => setText('endOfService', v)}
          error={errors.endOfService}
        />
      </fieldset>
      <fieldset disabled={readOnly} className="form">
        <legend className="visually-hidden">{t('admin.org.info.more')}</legend>
        <TextAreaField
          label={t('admin.org.info.organizationInfo')}
          value={draft.text.organizationInfo}
          onChange={(v) => setText('organizationInfo', v)}
          error={errors.organizationInfo}
        />
        <CheckboxField
          label={t('admin.org.info.dontShowOnListing')}
          hint={t('admin.org.info.dontShowOnListingHint')}
          checked={draft.text.dontShowOnListingEnabled === 'true'}
          onChange={(v) => setText('dontShowOnListingEnabled', String(v))}
        />
      </fieldset>
    </section>
  );
}

/**
 * Spec §2 'site settings' and 'website URL': the service address, the client id, and the sender every e-mail
 * template of the organisation inherits (no chat platform keys: the chat is the product's own).
 */
export function SiteSection({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const { draft, errors, setText, readOnly, organisation } = editor;
  return (
    <section className="card" aria-labelledby="org-site">
      <h2 id="org-site">{t('admin.org.site.title')}</h2>
      <fieldset disabled={readOnly} className="form">
        <legend className="visually-hidden">{t('admin.org.site.title')}</legend>
        <TextField
          label={t('admin.org.site.serviceUrl')}
          type="url"
          hint={t('admin.org.site.serviceUrlHint')}
          value={draft.text.serviceUrl}
          onChange={(v) => setText('serviceUrl', v)}
          error={errors.serviceUrl}
        />
        {organisation && (
          <p>
            <strong>{t('admin.org.site.clientId')}:</strong> <code>{organisation.clientId}</code>
          </p>
        )}
        <TextField
          label={t('admin.org.site.senderName')}
          hint={t('admin.org.site.senderHint')}
          value={draft.text.senderName}
          onChange={(v) => setText('senderName', v)}
          error={errors.senderName}
        />
        <TextField
          label={t('admin.org.site.senderAddress')}
          type="email"
          hint={t('admin.org.site.senderHint')}
          value={draft.text.senderAddress}
          onChange={(v) => setText('senderAddress', v)}
          error={errors.senderAddress}
        />
      </fieldset>
    </section>
  );
}
