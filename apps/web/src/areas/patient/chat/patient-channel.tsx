import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ChatChannel } from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ChatPanel } from '@/features/chat/chat-panel';
import { useChatChannel } from '@/features/chat/use-chat-channel';
import { VideoBeside, VideoPanel } from '@/features/video/video-panel';
import { guestPagePath } from '@/lib/guest-session';
import { useGuestMode } from '../guest/guest-mode';
import { useLeaveChat } from './chat-api';
import { ChatNotAvailableDialog } from './chat-not-available-dialog';
import { WaitingRoom } from './waiting-room';
import { useServices } from '../api/services-api';
import { useTranslation } from '@/lib/i18n';

/** What the feedback page is handed as the chat ends: which chat, whose, of which service. */
const feedbackState = (c: ChatChannel) => ({ channelId: c.id, expertId: c.expertId, serviceName: c.serviceName });

/** Who is in a group chat besides the patient (spec: 'members listed'). */
function Members({ channel }: { channel: ChatChannel }) {
  const { t } = useTranslation();
  const me = channel.me.userId;
  // The patient first ('you'), then the others as the channel lists them.
  const members = [...channel.members].sort((a, b) => Number(b.userId === me) - Number(a.userId === me));
  return (
    <section className="chat-members" aria-labelledby="members-title">
      <h2 id="members-title">{t('chat.members')}</h2>
      <ul>
        {members.map((m) => (
          <li key={m.userId}>
            {m.userId === me ? t('chat.thread.you') : m.name}
            {m.role === 'agent' && <span className="muted"> ({t('chat.roles.agent')})</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The professional ended the chat: it says so, with the conversation still above it (the last instruction may be
 * there), and the patient moves on to feedback when ready. Focus moves to the notice so a screen reader hears it.
 */
function ChatEnded({ onContinue }: { onContinue: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card chat-ended" aria-labelledby="chat-ended-title">
      <h2 id="chat-ended-title" ref={heading} tabIndex={-1}>
        {t('chat.ended.title')}
      </h2>
      <p>{t('chat.ended.text')}</p>
      <div className="actions">
        <button type="button" className="button" onClick={onContinue}>
          {t('chat.ended.continue')}
        </button>
      </div>
    </section>
  );
}

/**
 * The chat stage once the channel exists: the waiting room while queued (with the conversation so far, read-only,
 * when the chat was handed over), then the chat when an expert accepts (a group appointment's channel is active at
 * once). Leaving asks first. A patient who ends the chat goes to feedback (spec §4 'Chat end goes to feedback'); one
 * whose chat the professional ended first sees that it ended, with the messages, and goes on to feedback from there.
 * One who left the queue before anyone answered goes back to service selection.
 */
export function PatientChannel({ channelId, waitingText, canLogOut }: { channelId: string; waitingText: string; canLogOut: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const chat = useChatChannel(channelId);
  const leave = useLeaveChat(channelId);
  const [confirming, setConfirming] = useState(false);
  const channel = chat.channel;
  const guest = useGuestMode();
  const home = guest ? guestPagePath(guest.appointmentId) : '/services';
  // Who is on duty in the queue now (issue 32), from the service cards' answer (cached, at most 15 s old).
  const services = useServices(channel?.status === 'waiting' && channel.kind === 'queue' && !guest);

  const toFeedback = (c: ChatChannel) => void navigate('/feedback', { replace: true, state: feedbackState(c) });

  useEffect(() => {
    if (channel?.status === 'ended' && !channel.expertId) void navigate(home, { replace: true });
  }, [channel, navigate, home]);

  const failed = chat.failed || leave.isError;
  if (!channel) return failed ? <ChatNotAvailableDialog open text={t('chat.notAvailable.text')} canLogOut={canLogOut} /> : <Loading />;
  const waiting = channel.status === 'waiting';
  const onDuty = channel.queueId ? services.data?.availability?.[channel.queueId]?.onDuty : undefined;
  const ended = channel.status === 'ended';
  const group = channel.kind === 'group';
  const expert = channel.members.find((m) => m.role === 'agent');
  // What leaving means: out of the queue, out of a group (which goes on without the patient), or the end of the chat.
  const leaveTexts = waiting
    ? { button: 'queueButton', title: 'queueTitle', text: 'queueText', confirm: 'queueConfirm' }
    : group
      ? { button: 'groupButton', title: 'groupTitle', text: 'groupText', confirm: 'groupConfirm' }
      : { button: 'button', title: 'title', text: 'text', confirm: 'confirm' };

  return (
    <>
      {waiting ? (
        <>
          <WaitingRoom channel={channel} text={waitingText} onDuty={onDuty} />
          {/* Handed over to another expert: back in line, with the conversation so far and its 'transferred' notice. */}
          {chat.messages.length > 0 && <ChatPanel chat={chat} prefix="chat" disabled />}
        </>
      ) : (
        <>
          {group ? <Members channel={channel} /> : expert && <p className="chat-with">{t('chat.chattingWith', { name: expert.name })}</p>}
          {channel.video && channel.status === 'active' ? (
            <VideoBeside video={<VideoPanel channelId={channel.id} />}>
              <ChatPanel chat={chat} prefix="chat" disabled={channel.status !== 'active'} />
            </VideoBeside>
          ) : (
            <ChatPanel chat={chat} prefix="chat" disabled={channel.status !== 'active'} />
          )}
        </>
      )}
      {ended ? (
        <ChatEnded onContinue={() => toFeedback(channel)} />
      ) : (
        <div className="actions chat-actions">
          <button type="button" className="button secondary" onClick={() => setConfirming(true)}>
            {t(`chat.leave.${leaveTexts.button}`)}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t(`chat.leave.${leaveTexts.title}`)}
        text={t(`chat.leave.${leaveTexts.text}`)}
        confirmLabel={t(`chat.leave.${leaveTexts.confirm}`)}
        cancelLabel={t('chat.leave.stay')}
        busy={leave.isPending}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSettled: () => setConfirming(false),
            // The patient who ended the chat, or left a group's (which goes on for the others), is done with it.
            onSuccess: (left) => {
              if (left.kind === 'group' || left.expertId) toFeedback(left);
            },
          })
        }
        onCancel={() => setConfirming(false)}
      />
      <ChatNotAvailableDialog open={failed} text={t('chat.notAvailable.text')} canLogOut={canLogOut} />
    </>
  );
}
