import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ChatPanel } from '@/features/chat/chat-panel';
import { useChatChannel } from '@/features/chat/use-chat-channel';
import { VideoBeside, VideoPanel } from '@/features/video/video-panel';
import { ApiError } from '@/lib/api-client';
import { currentLanguage, useTranslation, type TFunction } from '@/lib/i18n';
import { ExpertFeedbackForm } from '../feedback/expert-feedback-form';
import { ContactHistoryPanel } from './contact-history-panel';
import { removeFromDesk, useAccept, useEndChat, useExpertChat, type DeskChat } from './expert-chat-api';
import { PatientDetails } from './patient-details';
import { PatientIdentity } from './patient-identity';
import { isMarked, UrgencyBadge } from './urgency-badge';
import { TransferDialog } from './transfer-dialog';
import { InviteButton } from './invite-dialog';
import { useChatQuickReplies } from './composer-replies';
import { notifyDesk } from '../desk-notifications';
import { VisitNotesPanel } from './visit-notes-panel';

/**
 * The name a chat goes by on the desk: a group by its appointment's name (else its members), else the patient's, the
 * service's, or a plain 'patient'.
 */
export function deskChatName(chat: DeskChat, t: TFunction): string {
  const c = chat.channel;
  if (c.kind === 'group') {
    if (chat.title) return chat.title;
    const names = c.members.filter((m) => m.role !== 'agent').map((m) => m.name);
    return t('expert.chat.workspace.group', { names: names.join(', ') });
  }
  return chat.patientName ?? c.serviceName?.[currentLanguage()] ?? t('expert.chat.workspace.patient');
}

/**
 * One chat on the expert's desk: thread and composer beside what is known of the patient (details, answers,
 * metadata, contact history); transfer to a queue or another expert; end (asked first). Once the chat has ended the
 * expert's own feedback is asked here, in this chat's place on the desk: the desk stays, with the other chats and
 * any video call in them (issue 28). `active`: this chat's tab is the one on screen; the others tell `onActivity` when a message comes.
 */
export function ExpertChatView({
  desk,
  active,
  onActivity,
  takeFocus = false,
}: {
  desk: DeskChat;
  active: boolean;
  onActivity: () => void;
  /** Just taken from a queue: the message box takes the focus once the chat can be written in. */
  takeFocus?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = desk.channel.id;
  const details = useExpertChat(id, desk);
  const chat = useChatChannel(id, { active });
  const end = useEndChat(id);
  const accept = useAccept();
  const handover = desk.handover;
  const offered = handover?.offered === true;
  const [dialog, setDialog] = useState<'end' | 'transfer' | null>(null);
  const [endedHere, setEndedHere] = useState(false);
  const ended = endedHere || desk.gone || chat.channel?.status === 'ended';
  const me = chat.channel?.me.userId;
  const quickReplies = useChatQuickReplies(details.data.patient?.language ?? null);

  // A message from someone else while another tab is on screen marks this one.
  const last = chat.messages[chat.messages.length - 1];
  const known = useRef<number | null>(null);
  useEffect(() => {
    if (!last) return;
    const fresh = known.current !== null && last.seq > known.current;
    known.current = last.seq;
    if (fresh && !active && last.userId !== me) onActivity();
    // With the window hidden or behind another, a browser notification (issue 32): no name, no text.
    if (fresh && last.userId !== me) notifyDesk({ kind: 'chatMessage' }, t);
  }, [last, active, me, onActivity, t]);

  const titleId = `chat-${id}-title`;
  const feedbackId = `chat-${id}-feedback`;
  const name = deskChatName(desk, t);
  // Whoever ended the chat here goes on to its feedback (after the confirmation closed and gave focus back).
  useEffect(() => {
    if (endedHere) document.getElementById(feedbackId)?.focus();
  }, [endedHere, feedbackId]);
  const close = () => removeFromDesk(queryClient, id);
  const panel = (
    <ChatPanel
      chat={chat}
      prefix="expert.chat"
      disabled={ended || chat.channel?.status !== 'active'}
      quickReplies={quickReplies}
      takeFocus={takeFocus && active}
    />
  );
  return (
    <article className="expert-chat" aria-labelledby={titleId}>
      <div className="expert-chat-head">
        <h3 id={titleId}>{name}</h3>
        {offered ? (
          <div className="actions">
            <button type="button" className="button" disabled={accept.isPending} onClick={() => accept.mutate({ channelId: id })}>
              {t('expert.chat.handover.accept')}
            </button>
          </div>
        ) : (
          <div className="actions">
            {/* A group's chat belongs to its appointment: it is not handed over. */}
            {desk.channel.kind !== 'group' && (
              <button type="button" className="button secondary" disabled={ended} onClick={() => setDialog('transfer')}>
                {t('expert.chat.transfer.button')}
              </button>
            )}
            {desk.channel.kind === 'group' && <InviteButton channelId={id} disabled={ended} />}
            <button type="button" className="button danger" disabled={ended} onClick={() => setDialog('end')}>
              {t('expert.chat.end.button')}
            </button>
          </div>
        )}
      </div>
      {handover && (
        <div className="notice handover-notice">
          <p>{t(offered ? 'expert.chat.handover.offered' : 'expert.chat.handover.from', { name: handover.from })}</p>
          {handover.note && (
            <p>
              <span className="handover-note-label">{t('expert.chat.handover.note')}</span> {handover.note}
            </p>
          )}
          {accept.isError && (
            <p className="alert" role="alert">
              {accept.error instanceof ApiError && accept.error.statusCode === 409
                ? t('errors.chatLimitReached')
                : t('expert.chat.handover.acceptFailed')}
            </p>
          )}
        </div>
      )}
      {isMarked(details.data.urgency) && (
        <p className={`chat-urgency ${details.data.urgency}`}>
          <UrgencyBadge urgency={details.data.urgency} className="chat-urgency-text" />
        </p>
      )}
      {details.data.patient && (
        <PatientIdentity channelId={id} name={name} patient={details.data.patient} writesIn={details.data.writesIn} />
      )}
      {ended && (
        <div className="notice ended-notice">
          {offered ? (
            // Handed to this expert but never taken: nothing of theirs to give feedback on, only to close.
            <>
              <p role="status">{t('expert.chat.handover.endedUntaken')}</p>
              <button type="button" className="button secondary" onClick={close}>
                {t('expert.chat.handover.close')}
              </button>
            </>
          ) : (
            <>
              <p role="status">{t('expert.chat.ended')}</p>
              <ExpertFeedbackForm channelId={id} headingId={feedbackId} onDone={close} />
            </>
          )}
        </div>
      )}
      <div className="expert-chat-body" data-chat-body={id}>
        {chat.channel?.video && chat.channel.status === 'active' && !ended ? (
          <VideoBeside video={<VideoPanel channelId={id} />}>{panel}</VideoBeside>
        ) : (
          panel
        )}
        <aside className="expert-chat-side" aria-label={t('expert.chat.details.title')}>
          <PatientDetails chat={details.data} />
          <VisitNotesPanel channelId={id} />
          {details.data.patientId && <ContactHistoryPanel patientId={details.data.patientId} />}
        </aside>
      </div>
      <ConfirmDialog
        open={dialog === 'end'}
        title={t('expert.chat.end.title')}
        text={t('expert.chat.end.text', { name })}
        confirmLabel={t('expert.chat.end.confirm')}
        danger
        busy={end.isPending}
        onConfirm={() =>
          end.mutate(undefined, {
            onSuccess: () => setEndedHere(true),
            onSettled: () => setDialog(null),
          })
        }
        onCancel={() => setDialog(null)}
      />
      <TransferDialog open={dialog === 'transfer'} channelId={id} onClose={() => setDialog(null)} />
    </article>
  );
}
