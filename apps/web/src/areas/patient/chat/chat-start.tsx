import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatChannel } from '@prsp/contracts';
import { useOrganisations } from '../api/patient-api';
import { openChat, saveAudience, useRealmQueues } from './chat-api';
import { ChatNotAvailableDialog } from './chat-not-available-dialog';
import { asksQuestionnaire, isQueueClosed, targetQueueId, type ChatTarget } from './chat-target';

/**
 * Spec §4 'Chat page' before the channel exists. Initial: the service's queue is asked whether it is open (a
 * closed one opens the chat-not-available modal). Questionnaire: the self-assessment belongs to the surveys'
 * connector, which is not built yet, so the stage says plainly that it is skipped. Chat: the channel is opened
 * (a queue, an appointment, or a chat code used as the chat starts) and the page moves to it.
 */
export function ChatStart({
  target,
  connectorEnabled,
  closedText,
  canLogOut,
  onStarted,
}: {
  target: ChatTarget;
  connectorEnabled: boolean;
  closedText: string;
  canLogOut: boolean;
  onStarted: (channel: ChatChannel) => void;
}) {
  const { t } = useTranslation();
  const organisations = useOrganisations();
  const queueId = targetQueueId(target);
  const realm = useRealmQueues(organisations.data?.selectedOrganisation, queueId !== null);
  const [questionnaireSkipped, setQuestionnaireSkipped] = useState(false);
  const start = useMutation({
    mutationFn: () => openChat(target),
    onSuccess: (channel) => {
      // The appointment's channel is its audience (spec §7 save-audience); a failure here does not stop the chat.
      if (target.kind === 'appointment') void saveAudience(channel.id).catch(() => undefined);
      onStarted(channel);
    },
  });

  const closed = queueId !== null && realm.data !== undefined && isQueueClosed(realm.data, queueId);
  const checked = queueId === null || realm.isSuccess;
  const questionnaire = asksQuestionnaire(target, connectorEnabled) && !questionnaireSkipped;
  const ready = checked && !closed && !questionnaire;

  // Opened once, even when React runs the effect twice (strict mode) or the page re-renders meanwhile.
  const opened = useRef(false);
  const { mutate } = start;
  useEffect(() => {
    if (!ready || opened.current) return;
    opened.current = true;
    mutate();
  }, [ready, mutate]);

  const failed = (queueId !== null && (organisations.isError || realm.isError)) || start.isError;
  if (closed || failed)
    return <ChatNotAvailableDialog open text={closed ? closedText : t('chat.notAvailable.text')} canLogOut={canLogOut} />;
  if (questionnaire)
    return (
      <section className="card" aria-labelledby="questionnaire-title">
        <h2 id="questionnaire-title">{t('chat.questionnaire.title')}</h2>
        <p>{t('chat.questionnaire.skipped')}</p>
        <button type="button" className="button" onClick={() => setQuestionnaireSkipped(true)}>
          {t('chat.questionnaire.continue')}
        </button>
      </section>
    );
  return (
    <p className="loading" role="status">
      {checked ? t('chat.starting') : t('chat.checking')}
    </p>
  );
}
