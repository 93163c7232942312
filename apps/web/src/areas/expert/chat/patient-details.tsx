import { readSelfAssessment, type ExpertChat } from '@prsp/contracts';
import { SelfAssessmentSummary } from '@/features/self-assessment/self-assessment-summary';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';

/** A metadata value as text: strings as they are, anything else as compact JSON. */
function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * What the expert knows of the patient in a chat: name, service, times, the members of a group, the answers
 * given before the chat (the booking's pre-questionnaire), the self-assessment's result and any other questionnaire
 * metadata the patient's side sealed.
 */
export function PatientDetails({ chat }: { chat: ExpertChat }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const channel = chat.channel;
  const others = channel.members.filter((m) => m.userId !== channel.me.userId);
  const selfAssessment = readSelfAssessment(chat.metadata);
  // The self-assessment is shown on its own; only what else the metadata holds is listed as it came.
  const metadata = chat.metadata
    ? Object.entries(chat.metadata).filter(([key]) => !selfAssessment || (key !== 'selfAssessment' && key !== 'selfAssessmentEncrypted'))
    : [];
  return (
    <section className="patient-details" aria-label={t('expert.chat.details.title')}>
      <dl className="details-list">
        {channel.serviceName && (
          <>
            <dt>{t('expert.chat.details.service')}</dt>
            <dd>{channel.serviceName[lang]}</dd>
          </>
        )}
        <dt>{t('expert.chat.details.started')}</dt>
        <dd>{formatDateTime(channel.createdAt, lang)}</dd>
        {channel.acceptedAt !== null && (
          <>
            <dt>{t('expert.chat.details.accepted')}</dt>
            <dd>{formatDateTime(channel.acceptedAt, lang)}</dd>
          </>
        )}
        {channel.kind === 'group' && (
          <>
            <dt>{t('expert.chat.details.members')}</dt>
            <dd>{others.map((m) => m.name).join(', ')}</dd>
          </>
        )}
      </dl>
      <h4>{t('expert.chat.details.preQuestionnaire')}</h4>
      {chat.preQuestionnaire && chat.preQuestionnaire.length > 0 ? (
        <dl className="details-list answers">
          {chat.preQuestionnaire.map((a) => (
            <div key={a.id}>
              <dt>{a.question}</dt>
              <dd>{a.answer || '–'}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">{t('expert.chat.details.noAnswers')}</p>
      )}
      {selfAssessment && <SelfAssessmentSummary view={selfAssessment} />}
      {(metadata.length > 0 || !selfAssessment) && <h4>{t('expert.chat.details.metadata')}</h4>}
      {metadata.length > 0 ? (
        <dl className="details-list">
          {metadata.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{valueText(value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        !selfAssessment && <p className="muted">{t('expert.chat.details.noMetadata')}</p>
      )}
    </section>
  );
}
