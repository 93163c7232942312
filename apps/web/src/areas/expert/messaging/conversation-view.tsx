import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ExpertConversation } from '@prsp/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-fields';
import { QueryState } from '@/components/ui/query-state';
import { showToast } from '@/components/ui/toasts';
import { conversationTitle } from '@/features/messaging/conversation-title';
import { MessageComposer } from '@/features/messaging/message-composer';
import { MessageThread } from '@/features/messaging/message-thread';
import { messageFormData, type MessageDraft } from '@/features/messaging/messaging-api';
import { useMessagingRefresh } from '@/features/messaging/use-messaging-refresh';
import { useSpecializationNames } from '@/features/staff/specialization-names';
import { ApiError } from '@/lib/api-client';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { categoryLabel } from './conversation-labels';
import { expertMessagingKeys, useConversationAction, useExpertThread, useSendReply, type ThreadRef } from './expert-messaging-api';

/** A patient's request that no expert has answered yet: it sits in the inbox of everyone of its subcategory. */
export function isUnanswered(conversation: Pick<ExpertConversation, 'kind' | 'expertName'>): boolean {
  return conversation.kind === 'request' && conversation.expertName === null;
}

function Facts({ conversation }: { conversation: ExpertConversation }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const specializations = useSpecializationNames()(conversation.expertSpecializations);
  return (
    <dl className="conversation-facts">
      <dt>{t('expert.messages.columns.patient')}</dt>
      <dd>{conversation.name}</dd>
      <dt>{t('expert.messages.columns.category')}</dt>
      <dd>{categoryLabel(conversation, lang) || t('expert.messages.direct')}</dd>
      <dt>{t('expert.messages.columns.expert')}</dt>
      <dd>
        {conversation.expertName ?? t('expert.messages.view.noExpertYet')}
        {specializations && ` (${specializations})`}
      </dd>
      <dt>{t('expert.messages.view.status')}</dt>
      <dd>{t(conversation.status === 'open' ? 'expert.messages.view.statusOpen' : 'expert.messages.view.statusClosed')}</dd>
    </dl>
  );
}

/**
 * One conversation for the expert (spec §2, §4 'Conversation reply'): the thread with its attachments, marked read
 * as it is opened; Reply opens the composer (text and attachments) and Discard closes it; an open conversation can
 * be ended after a confirmation, an ended one reopened. A request nobody has answered yet is answered through its
 * category, and `onAnswered` then moves the page on (it has left the inbox).
 */
export function ConversationView({
  thread: ref,
  back,
  onAnswered,
}: {
  thread: ThreadRef;
  back: { to: string; label: string };
  onAnswered?: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const thread = useExpertThread(ref);
  useMessagingRefresh(expertMessagingKeys.thread(ref.id));
  const conversation = thread.data?.conversation;
  const title = conversation ? conversationTitle(conversation, lang) || t('expert.messages.noSubject') : t('expert.messages.view.title');
  usePageTitle(title);

  const [replying, setReplying] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const send = useSendReply(conversation);
  const end = useConversationAction('end');
  const reopen = useConversationAction('reopen');
  const markRead = useConversationAction('mark-as-read');
  const heading = useRef<HTMLHeadingElement>(null);

  // Opening the conversation reads it: mark the others' unread messages read, again when new ones arrive while
  // it is open. An unanswered request is not the expert's yet, so it stays unread for their colleagues.
  const unread = (thread.data?.messages ?? [])
    .filter((m) => !m.isOwn && !m.isRead)
    .map((m) => m.id)
    .join();
  const mark = markRead.mutate;
  useEffect(() => {
    if (!unread || !conversation || isUnanswered(conversation)) return;
    mark(conversation.id);
  }, [unread, conversation, mark]);

  if (!thread.data || !conversation) {
    const missing = thread.error instanceof ApiError && (thread.error.statusCode === 404 || thread.error.statusCode === 403);
    return (
      <section className="card section-stack expert-messages">
        <p>
          <Link to={back.to}>{t('expert.messages.view.back', { list: back.label })}</Link>
        </p>
        <h1>{t('expert.messages.view.title')}</h1>
        {missing ? <p>{t('expert.messages.view.notFound')}</p> : <QueryState error={thread.error} onRetry={() => void thread.refetch()} />}
      </section>
    );
  }

  const unanswered = isUnanswered(conversation);
  const open = conversation.status === 'open';
  // A request through a subcategory is answered by the expert only: its patient reads the answers but cannot reply.
  const oneWay = conversation.kind === 'request';
  const sendDraft = async (draft: MessageDraft) => {
    await send.mutateAsync(messageFormData({ text: draft.text }, draft.files));
    setReplying(false);
    if (unanswered) {
      showToast(t('expert.messages.view.answered'));
      onAnswered?.();
    } else showToast(t('expert.messages.view.replySent'));
  };
  const act = (action: typeof end, done: string) =>
    action.mutate(conversation.id, {
      // A failure shows on the page, not behind the dialog.
      onSettled: () => setConfirmEnd(false),
      onSuccess: () => {
        setReplying(false);
        showToast(done);
        heading.current?.focus();
      },
    });

  return (
    <div className="section-stack expert-messages">
      <p>
        <Link to={back.to}>{t('expert.messages.view.back', { list: back.label })}</Link>
      </p>
      <section className="card section-stack" aria-labelledby="conversation-heading">
        <h1 id="conversation-heading" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <Facts conversation={conversation} />
        {oneWay && <p className="notice one-way-note">{t('expert.messages.view.patientCannotReply')}</p>}
      </section>
      <MessageThread app="expert" messages={thread.data.messages} />
      <FormAlert message={end.isError || reopen.isError ? t('staff.actionError') : undefined} />
      {open && replying && (
        <section className="card" aria-label={t('expert.messages.view.reply')}>
          <MessageComposer onSend={sendDraft} onDiscard={() => setReplying(false)} autoFocus />
        </section>
      )}
      <div className="actions">
        {open && !replying && (
          <button type="button" className="button" onClick={() => setReplying(true)}>
            {t('expert.messages.view.reply')}
          </button>
        )}
        {open && !unanswered && (
          <button type="button" className="button secondary" onClick={() => setConfirmEnd(true)}>
            {t('expert.messages.view.end')}
          </button>
        )}
        {!open && (
          <button
            type="button"
            className="button"
            disabled={reopen.isPending}
            onClick={() => act(reopen, t('expert.messages.view.reopened'))}
          >
            {t('expert.messages.view.reopen')}
          </button>
        )}
      </div>
      {!open && <p className="muted">{t('expert.messages.view.closedNote')}</p>}
      <ConfirmDialog
        open={confirmEnd}
        title={t('expert.messages.view.endTitle')}
        text={<p>{t(oneWay ? 'expert.messages.view.endTextOneWay' : 'expert.messages.view.endText', { name: conversation.name })}</p>}
        confirmLabel={t('expert.messages.view.endConfirm')}
        busy={end.isPending}
        onConfirm={() => act(end, t('expert.messages.view.ended'))}
        onCancel={() => setConfirmEnd(false)}
      />
    </div>
  );
}
