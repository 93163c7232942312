import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ChatChannel } from '@prsp/contracts';
import { useOrganisations } from '../api/patient-api';
import { openChat, saveAudience, useRealmQueues } from './chat-api';
import { ChatNotAvailableDialog } from './chat-not-available-dialog';
import { asksQuestionnaire, isQueueClosed, targetQueueId, type ChatTarget } from './chat-target';
import { QuestionnaireStage } from './questionnaire-stage';
import { nextOpeningLines } from '../services/availability';
import { currentLanguage, useTranslation } from '@/lib/i18n';

/**
 * Spec §4 'Chat page' before the channel exists. Initial: the service's queue is asked whether it is open (a
 * closed one opens the chat-not-available modal). Questionnaire: the health-assessment connector, when the service
 * asks for a self-assessment and the organisation has a connector; its sealed result goes with the chat. Chat: the
 * channel is opened (a queue, an appointment, or a chat code used as the chat starts) and the page moves to it.
 */
export function ChatStart({
  target,
  connectorUrl,
  closedText,
  nextOpening,
  canLogOut,
  onStarted,
}: {
  target: ChatTarget;
  /** The health-assessment connector's page; null when self-assessment is unavailable. */
  connectorUrl: string | null;
  closedText: string;
  /** When the service's queue next opens (the services' availability), said in the modal when it is closed. */
  nextOpening?: string | null;
  canLogOut: boolean;
  onStarted: (channel: ChatChannel) => void;
}) {
  const { t } = useTranslation();
  const organisations = useOrganisations();
  const queueId = targetQueueId(target);
  const realm = useRealmQueues(organisations.data?.selectedOrganisation, queueId !== null);
  // Set when the questionnaire stage is over: with the sealed result, or without one (skipped, or chat anyway).
  const [questionnaireDone, setQuestionnaireDone] = useState<{ secureMetadata?: string } | null>(null);
  const start = useMutation({
    mutationFn: (secureMetadata?: string) => openChat(target, secureMetadata),
    onSuccess: (channel) => {
      // The appointment's channel is its audience (spec §7 save-audience); a failure here does not stop the chat.
      if (target.kind === 'appointment') void saveAudience(channel.id).catch(() => undefined);
      onStarted(channel);
    },
  });

  const closed = queueId !== null && realm.data !== undefined && isQueueClosed(realm.data, queueId);
  const checked = queueId === null || realm.isSuccess;
  const questionnaire = asksQuestionnaire(target, connectorUrl !== null) && questionnaireDone === null;
  const ready = checked && !closed && !questionnaire;

  // Opened once, even when React runs the effect twice (strict mode) or the page re-renders meanwhile.
  const opened = useRef(false);
  const { mutate } = start;
  useEffect(() => {
    if (!ready || opened.current) return;
    opened.current = true;
    mutate(questionnaireDone?.secureMetadata);
  }, [ready, mutate, questionnaireDone]);

  const failed = (queueId !== null && (organisations.isError || realm.isError)) || start.isError;
  if (closed || failed)
    return (
      <ChatNotAvailableDialog
        open
        text={closed ? closedText : t('chat.notAvailable.text')}
        detail={closed ? nextOpeningLines(nextOpening, currentLanguage()).map((l) => t(l.key, l.values))[0] : undefined}
        canLogOut={canLogOut}
      />
    );
  if (questionnaire && connectorUrl !== null && target.kind !== 'appointment')
    return (
      <QuestionnaireStage
        serviceId={target.service.uuid}
        connectorUrl={connectorUrl}
        mandatory={target.service.mandatorySelfAssessment}
        onDone={(secureMetadata) => setQuestionnaireDone({ secureMetadata })}
      />
    );
  return (
    <p className="loading" role="status">
      {checked ? t('chat.starting') : t('chat.checking')}
    </p>
  );
}
