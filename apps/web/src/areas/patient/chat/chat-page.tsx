import './patient-chat.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { CHAT_LIMITS } from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { chatKeys, fetchChannel } from '@/features/chat/chat-api';
import { guestPagePath } from '@/lib/guest-session';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useServices } from '../api/services-api';
import { useGuestAppointment } from '../guest/guest-api';
import { useGuestMode } from '../guest/guest-mode';
import { usePatientContext } from '../patient-state';
import { ChatHelpButton } from './chat-help-dialog';
import { ChatNotAvailableDialog } from './chat-not-available-dialog';
import { ChatStart } from './chat-start';
import { resolveChatTarget, targetName } from './chat-target';
import { useChatPageTexts } from './organisation-chat-texts';
import { PatientChannel } from './patient-channel';

/** Spec §4 'Auth state refreshed every 15 minutes while chat is open': an ended session is noticed during a long chat. */
function useAuthRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setInterval(() => void queryClient.refetchQueries({ queryKey: ['patient', 'auth'] }), CHAT_LIMITS.authRefreshMs);
    return () => clearInterval(timer);
  }, [queryClient]);
}

/**
 * `/chat/:serviceId` (spec §2 'Chat'): back to service selection, the help button, and the stages of spec §4.
 * The param names a service, an appointment or (with `?code=`) a chat-code service. Once the channel exists its
 * id replaces the rest of the query (`?channel=`), so a reload returns to the same chat instead of starting
 * another, and a chat code is never used twice.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { serviceId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const channelId = params.get('channel');
  const ctx = usePatientContext();
  const config = ctx.phase === 'ready' ? ctx.config : undefined;
  const texts = useChatPageTexts();
  // A guest has no services: their chat is the group's channel, and back is their guest page.
  const guest = useGuestMode();
  const services = useServices(channelId === null && !guest);
  const guestAppointment = useGuestAppointment(guest?.appointmentId ?? '', guest !== null);
  const channel = useQuery({
    queryKey: chatKeys.channel(channelId ?? ''),
    queryFn: () => fetchChannel(channelId!),
    enabled: channelId !== null,
  });
  const target = services.data ? resolveChatTarget(services.data, serviceId, params.get('code')) : undefined;
  const title = channel.data?.serviceName?.[lang] ?? guestAppointment.data?.name ?? (target ? targetName(target, lang) : t('chat.title'));
  usePageTitle(title);
  useAuthRefresh();
  const canLogOut = guest !== null || (config?.logoutEnabled ?? false);
  const back = guest ? guestPagePath(guest.appointmentId) : '/services';
  // Spec §4 'Chat page': without a chat to open, a guest goes back to the guest page.
  if (guest && !channelId) return <Navigate to={back} replace />;
  // A target that is none of the patient's services (or no longer) has no chat config: back to service selection.
  if (!channelId && target === null) return <Navigate to={back} replace />;

  let stage;
  if (channelId) stage = <PatientChannel key={channelId} channelId={channelId} waitingText={texts.waiting} canLogOut={canLogOut} />;
  else if (target)
    stage = (
      <ChatStart
        target={target}
        connectorUrl={config?.htaConnectorUrl ?? null}
        closedText={texts.closed}
        nextOpening={target.kind === 'appointment' ? null : services.data?.availability?.[target.service.chatQueueId]?.nextOpening}
        canLogOut={canLogOut}
        onStarted={(ch) => setParams({ channel: ch.id }, { replace: true })}
      />
    );
  else if (services.isError) stage = <ChatNotAvailableDialog open text={t('chat.notAvailable.text')} canLogOut={canLogOut} />;
  else stage = <Loading />;

  return (
    <>
      <Link to={back} className="back-link">
        {guest ? t('guest.back') : t('chat.back')}
      </Link>
      <div className="chat-head">
        <h1 className="page-title">{title}</h1>
        <ChatHelpButton help={texts.help} info={texts.info} />
      </div>
      {stage}
    </>
  );
}
