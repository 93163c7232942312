import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Loading } from '@/components/route-fallbacks';
import { guestPagePath } from '@/lib/guest-session';
import { usePageTitle } from '@/lib/use-page-title';
import { useGuestMode } from '../guest/guest-mode';
import { usePatientContext } from '../patient-state';
import { FeedbackForm } from './feedback-form';
import { pickScoreType, readFeedbackState } from './feedback-rules';
import { ThankYou } from './thank-you';
import { useTranslation } from '@/lib/i18n';

/**
 * Spec §2 and §4 'Feedback', reached as a chat ends with the chat in the router state (`{ channelId, expertId,
 * serviceName }`): one score type chosen at random once per visit, the form, then the thank-you page. The back
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
  // Spec §4 'Feedback': a guest goes on to thank-you-guest, and back is their guest page.
  const guest = useGuestMode();
  if (guest && done) return <Navigate to="/thank-you-guest" replace />;
  if (!config) return <Loading />;
  const transcript = chat && !guest && config.appointmentHistoryEnabled ? `/history/${encodeURIComponent(chat.channelId)}` : null;
  return (
    <>
      <Link to={guest ? guestPagePath(guest.appointmentId) : '/services'} className="back-link">
        {guest ? t('guest.back') : t('feedback.backToServices')}
      </Link>
      {done ? (
        <ThankYou config={config} transcript={transcript} />
      ) : (
        <FeedbackForm scoreType={scoreType} chat={chat} organisation={config.name} onDone={() => setDone(true)} />
      )}
      {transcript && !done && (
        <p>
          <Link to={transcript}>{t('feedback.transcript')}</Link>
        </p>
      )}
    </>
  );
}
