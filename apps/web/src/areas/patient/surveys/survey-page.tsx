import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod/mini';
import { SurveyFrame } from '@/features/surveys/survey-frame';
import { api } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/i18n';

/**
 * `/survey/{responseId}` (spec §2 'Survey page', patient variant): the survey in its frame. When the runner says it
 * is done, the survey is closed on the server and the page shows its thank-you; a failed close changes nothing for
 * the patient (spec §6: an empty result). The landing's pending list is refreshed either way.
 */
export function SurveyPage() {
  const { t } = useTranslation();
  usePageTitle(t('surveyFrame.title'));
  const { responseId = '' } = useParams();
  const queryClient = useQueryClient();
  const id = encodeURIComponent(responseId);
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
      <SurveyFrame key={responseId} tokenUrl={`/api/survey/token/${id}`} variant="patient" onClosed={onClosed} />
    </section>
  );
}
