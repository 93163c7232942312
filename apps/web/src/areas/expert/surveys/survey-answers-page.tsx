import './expert-surveys-texts';
import './expert-surveys.css';
import { Fragment, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { answersPdfPath, type ExpertSurveyItem } from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { PrintButton } from '@/components/ui/print-button';
import { FormAlert } from '@/components/ui/form-fields';
import { SurveyFrame } from '@/features/surveys/survey-frame';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useExpertSurveys } from './expert-surveys-api';
import { ForwardDialog, ReminderButton } from './survey-actions';

/** Who, what and when, above the frame (the frame shows the questions and answers). */
function Facts({ item }: { item: ExpertSurveyItem }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const facts: [string, string][] = [
    [t('expertSurveys.columns.survey'), item.redFlag ? `${item.surveyName[lang]} (${t('expertSurveys.redFlag')})` : item.surveyName[lang]],
    [t('expertSurveys.columns.patient'), item.patientName],
    ...(item.appointment
      ? [
          [t('expertSurveys.columns.appointment'), `${item.appointment.name}, ${formatDateTime(item.appointment.startTime, lang)}`] as [
            string,
            string,
          ],
        ]
      : []),
    [t('expertSurveys.columns.sent'), formatDateTime(item.sentAt, lang)],
    [
      t('expertSurveys.columns.answered'),
      item.respondedAt ? formatDateTime(item.respondedAt, lang) : t(item.closed ? 'expertSurveys.closed' : 'expertSurveys.notAnswered'),
    ],
    ...(item.forwardedTo ? [[t('expertSurveys.columns.forwardedTo'), item.forwardedTo.name] as [string, string]] : []),
    ...(item.lastReminderAt ? [[t('expertSurveys.columns.reminder'), formatDateTime(item.lastReminderAt, lang)] as [string, string]] : []),
  ];
  return (
    <dl className="survey-answers-facts" aria-label={t('expertSurveys.answers.details')}>
      {facts.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * `/expert/surveyAnswers?responseId=` (spec §2 'Survey page', expert variant): Back (two history steps, as the spec
 * says; the answers' own list when the page was opened directly), the Download PDF link, the survey in its frame
 * read-only, and the expert's actions: Forward and, while unanswered, Send reminder.
 */
export function SurveyAnswersPage() {
  const { t } = useTranslation();
  usePageTitle(t('expertSurveys.answers.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const responseId = search.get('responseId') ?? '';
  const found = useExpertSurveys({ responseId }, responseId !== '');
  const item = found.data?.[0];
  const [forwarding, setForwarding] = useState(false);
  const lang = currentLanguage();
  const back = () => (location.key === 'default' ? navigate('/expert/surveys/answered') : navigate(-2));
  const id = encodeURIComponent(responseId);
  return (
    <div className="section-stack">
      <div className="page-head">
        <h1>
          <span className={item ? 'no-print' : undefined}>{t('expertSurveys.answers.title')}</span>
          {item && (
            <span className="print-only">
              {t('expertSurveys.answers.printTitle', { survey: item.surveyName[lang], patient: item.patientName })}
            </span>
          )}
        </h1>
      </div>
      <div className="actions no-print">
        <button type="button" className="button secondary" onClick={back}>
          {t('expertSurveys.answers.back')}
        </button>
        {item && (
          <a className="button secondary" href={`${answersPdfPath(responseId)}?lang=${lang}`} download>
            {t('expertSurveys.answers.downloadPdf')}
          </a>
        )}
        {item && <PrintButton />}
      </div>
      <FormAlert message={found.isError ? t('ui.loadError') : undefined} />
      {found.data && !item && <p className="alert">{t('expertSurveys.answers.notFound')}</p>}
      {!found.data && !found.isError && responseId !== '' && <Loading />}
      {responseId === '' && <p className="alert">{t('expertSurveys.answers.notFound')}</p>}
      {item && (
        <>
          <section className="card">
            <Facts item={item} />
            <div className="actions no-print">
              <button type="button" className="button secondary" onClick={() => setForwarding(true)}>
                {t('expertSurveys.answers.forward')}
              </button>
              <ReminderButton item={item} />
            </div>
          </section>
          <section className="card survey-page">
            <SurveyFrame key={responseId} tokenUrl={`/api/survey-expert/token/${id}?lang=${lang}`} variant="expert" />
          </section>
          {forwarding && <ForwardDialog item={item} onClose={() => setForwarding(false)} />}
        </>
      )}
    </div>
  );
}
