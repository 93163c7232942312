import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Loading } from '@/components/route-fallbacks';
import { guestPagePath } from '@/lib/guest-session';
import { usePageTitle } from '@/lib/use-page-title';
import { useFeedbackPlan } from '../api/feedback-api';
import { useGuestMode } from '../guest/guest-mode';
import { usePatientContext } from '../patient-state';
import { FeedbackForm } from './feedback-form';
import { pickScoreType, readFeedbackState } from './feedback-rules';
import { ThankYou } from './thank-you';
import { useTranslation } from '@/lib/i18n';

/** The feedback survey that follows the chat: a link to it once sent, else where it will be (issue 29). */
function SurveyFollows({ responseId }: { responseId: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="card feedback-survey" aria-label={t('feedback.survey.label')}>
      {responseId ? (
        <>
          <p>{t('feedback.survey.ready')}</p>
          <Link className="button" to={`/survey/${encodeURIComponent(responseId)}`}>
            {t('feedback.survey.open')}
          </Link>
        </>
      ) : (
        <p>{t('feedback.survey.later')}</p>
      )}
    </section>
  );
}

/**
 * Spec §2 and §4 'Feedback', reached as a chat ends with the chat in the router state (`{ channelId, expertId,
 * serviceName }`): one score type chosen at random once per visit, the form, then the thank-you page; when the
 * server says a feedback survey follows the chat, no score of its own but the survey, then the thank-you page. The back
 * link goes to the service selection (spec §2 'Back links'). Both the form and the thank-you link the chat's
 * transcript in the history where the patient has one (not a guest), so the professional's instructions stay at hand.
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  usePageTitle(t('feedback.title'));
  const location = useLocation();
  const [chat] = useState(() => readFeedbackState(location.state));
  const [scoreType] = useState(() => pickScoreType());
  const [done, setDone] = useState(false);
  const ctx = usePatientContext();
  const config = ctx.phase === 'ready' ? ctx.config : undefined;
  const plan = useFeedbackPlan(chat?.channelId);
  // Spec §4 'Feedback': a guest goes on to thank-you-guest, and back is their guest page.
  const guest = useGuestMode();
  if (guest && done) return <Navigate to="/thank-you-guest" replace />;
  if (!config || (chat && plan.isPending)) return <Loading />;
  const transcript = chat && !guest && config.appointmentHistoryEnabled ? `/history/${encodeURIComponent(chat.channelId)}` : null;
  // A feedback survey follows the chat: no score of our own before it (issue 29); the page asks if it cannot tell.
  const survey = plan.data?.askScore === false ? { responseId: plan.data.surveyResponseId } : null;
  return (
    <>
      <Link to={guest ? guestPagePath(guest.appointmentId) : '/services'} className="back-link">
        {guest ? t('guest.back') : t('feedback.backToServices')}
      </Link>
      {survey ? (
        <>
          <SurveyFollows responseId={survey.responseId} />
          <ThankYou config={config} transcript={transcript} />
        </>
      ) : done ? (
        <ThankYou config={config} transcript={transcript} />
      ) : (
        <FeedbackForm scoreType={scoreType} chat={chat} organisation={config.name} onDone={() => setDone(true)} />
      )}
      {transcript && !done && !survey && (
        <p>
          <Link to={transcript}>{t('feedback.transcript')}</Link>
        </p>
      )}
    </>
  );
}
