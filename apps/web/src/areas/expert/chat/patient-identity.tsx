import { useState } from 'react';
import type { DeskPatient, Language } from '@prsp/contracts';
import { currentLanguage, useTranslation, type TFunction } from '@/lib/i18n';
import { useRevealIdentityCode } from './expert-chat-api';

/** The patient in one line for a queue card: age, language, masked code, and who acts for them. */
export function patientFacts(patient: DeskPatient, t: TFunction): string[] {
  return [
    patient.age !== null ? t('expert.chat.patient.ageShort', { count: patient.age }) : null,
    patient.language ? t(`expert.chat.patient.languageName.${patient.language}`) : null,
    patient.maskedIdentityCode,
    patient.delegateName ? t('expert.chat.patient.onBehalfShort', { name: patient.delegateName }) : null,
  ].filter((fact): fact is string => fact !== null);
}

/** The identity code masked but for the date of birth; the full code comes from the server when asked (each time audited). */
function IdentityCode({ channelId, masked, name }: { channelId: string; masked: string; name: string }) {
  const { t } = useTranslation();
  const reveal = useRevealIdentityCode(channelId);
  const [shown, setShown] = useState(false);
  const full = shown ? reveal.data?.identityCode : undefined;
  return (
    <span className="identity-code">
      <code>{full ?? masked}</code>
      <button
        type="button"
        className="button small secondary"
        aria-pressed={shown}
        aria-label={t(shown ? 'expert.chat.patient.hideCodeNamed' : 'expert.chat.patient.showCodeNamed', { name })}
        disabled={reveal.isPending}
        onClick={() => {
          if (shown) return setShown(false);
          reveal.mutate(undefined, { onSuccess: () => setShown(true) });
        }}
      >
        {t(shown ? 'expert.chat.patient.hideCode' : 'expert.chat.patient.showCode')}
      </button>
      {reveal.isError && (
        <span className="field-error" role="alert">
          {t('expert.chat.patient.codeFailed')}
        </span>
      )}
    </span>
  );
}

/**
 * Who the patient of a chat is, in the chat's header: identity code (masked, the full one on request), age, the
 * language they use (asiointikieli) and whoever acts on their behalf. When it is not the language the expert writes
 * in (`writesIn`: their communication language; their screen's language when the server does not know it), the
 * header says plainly which language to reply in: a Swedish-speaking patient once got Finnish replies (issue 28).
 */
export function PatientIdentity({
  channelId,
  name,
  patient,
  writesIn,
}: {
  channelId: string;
  name: string;
  patient: DeskPatient;
  writesIn: Language | null;
}) {
  const { t } = useTranslation();
  const language = patient.language;
  const expertLanguage = writesIn ?? currentLanguage();
  return (
    <div className="patient-identity">
      <dl>
        {patient.maskedIdentityCode !== null && (
          <div>
            <dt>{t('expert.chat.patient.identityCode')}</dt>
            <dd>
              <IdentityCode channelId={channelId} masked={patient.maskedIdentityCode} name={name} />
            </dd>
          </div>
        )}
        {patient.age !== null && (
          <div>
            <dt>{t('expert.chat.patient.age')}</dt>
            <dd>{t('expert.chat.patient.ageShort', { count: patient.age })}</dd>
          </div>
        )}
        <div>
          <dt>{t('expert.chat.patient.language')}</dt>
          <dd className={language ? 'patient-language' : undefined}>
            {language ? t(`expert.chat.patient.languageName.${language}`) : t('expert.chat.patient.languageUnknown')}
          </dd>
        </div>
        {patient.delegateName && (
          <div>
            <dt>{t('expert.chat.patient.onBehalf')}</dt>
            <dd>{patient.delegateName}</dd>
          </div>
        )}
      </dl>
      {language && language !== expertLanguage && <p className="notice language-notice">{t(`expert.chat.patient.replyIn.${language}`)}</p>}
    </div>
  );
}
