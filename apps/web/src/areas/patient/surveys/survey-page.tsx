import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod/mini';
import type { SurveyAbout as SurveyAboutData } from '@prsp/contracts';
import { SurveyFrame, useSurveyToken } from '@/features/surveys/survey-frame';
import { api } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { currentLanguage, useTranslation } from '@/lib/i18n';

/**
 * `/survey/{responseId}` (spec §2 'Survey page', patient variant): which visit it is about, and the survey in its frame. When the runner says it
 * is done, the survey is closed on the server and the page shows its thank-you; a failed close changes nothing for
 * the patient (spec §6: an empty result). The landing's pending list is refreshed either way.
 */
/** Which visit the survey is about: the appointment's time (or when it was sent) and the professional (issue 29). */
function SurveyAbout({ about }: { about: SurveyAboutData }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <ul className="plain-list survey-about">
      <li>
        {about.appointmentAt === null
          ? t('surveyFrame.about.sent', { time: formatDateTime(about.sentAt, lang, { style: 'weekday' }) })
          : t('surveyFrame.about.appointment', { time: formatDateTime(about.appointmentAt, lang, { style: 'weekday' }) })}
      </li>
      {about.professional && <li>{t('surveyFrame.about.professional', { name: about.professional })}</li>}
    </ul>
  );
}

export function SurveyPage() {
  const { t } = useTranslation();
  usePageTitle(t('surveyFrame.title'));
  const { responseId = '' } = useParams();
  const queryClient = useQueryClient();
  const id = encodeURIComponent(responseId);
  const tokenUrl = `/api/survey/token/${id}`;
  const about = useSurveyToken(tokenUrl).data?.about;
  const onClosed = useCallback(() => {
    void api(`/api/survey/close/${id}`, z.null(), { csrf: true })
      .catch(() => null)
      .finally(() => void queryClient.invalidateQueries({ queryKey: ['patient', 'surveys', 'pending'] }));
  }, [id, queryClient]);
  return (
    <section className="card survey-page" aria-labelledby="survey-title">
      <h1 id="survey-title" className="page-title">
        {t('surveyFrame.title')}
      </h1>
      {about && <SurveyAbout about={about} />}
      <SurveyFrame key={responseId} tokenUrl={tokenUrl} variant="patient" onClosed={onClosed} />
    </section>
  );
}
