import '@/features/self-assessment/self-assessment-texts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ZMetadataResponse } from '@prsp/contracts';
import { EmergencyNotice } from '@/features/emergency/emergency-notice';
import { ConnectorFrame } from '@/features/self-assessment/connector-frame';
import { api } from '@/lib/api-client';
import { QuestionnaireErrorDialog } from './questionnaire-error-dialog';
import { useTranslation } from '@/lib/i18n';

/**
 * Spec §4 'Chat page', questionnaire stage: the health-assessment connector in its frame. Its result is sealed by the
 * server for this patient and service (`POST /services/metadata/{uuid}`) and the chat starts with the sealed
 * metadata; an optional self-assessment may be skipped, a mandatory one not; a failure opens the questionnaire-error
 * modal. When the server reads an emergency in the result, the patient is told to call 112 or go to the emergency
 * department before the chat opens, and goes on to it only by choosing to (issue 29).
 */
export function QuestionnaireStage({
  serviceId,
  connectorUrl,
  mandatory,
  onDone,
}: {
  serviceId: string;
  connectorUrl: string;
  mandatory: boolean;
  /** Go on to the chat, with the sealed result or without one. */
  onDone: (secureMetadata?: string) => void;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const seal = useMutation({
    mutationFn: (questionnaireMetadata: Record<string, unknown>) =>
      api(`/api/services/metadata/${encodeURIComponent(serviceId)}`, ZMetadataResponse, {
        method: 'POST',
        body: { questionnaireMetadata },
      }),
    onSuccess: ({ secureMetadata, urgency }) => {
      if (urgency !== 'emergency') onDone(secureMetadata);
    },
    onError: () => setFailed(true),
  });
  // The server's reading of the result, not the browser's: the chat waits until the patient chooses to go on.
  if (seal.data?.urgency === 'emergency') {
    const { secureMetadata } = seal.data;
    return <EmergencyNotice onContinue={() => onDone(secureMetadata)} />;
  }
  return (
    <section className="card" aria-labelledby="questionnaire-title">
      <h2 id="questionnaire-title">{t('selfAssessment.stage.title')}</h2>
      <p>{t('selfAssessment.stage.intro')}</p>
      {mandatory && <p>{t('selfAssessment.stage.mandatory')}</p>}
      {seal.isPending || seal.isSuccess ? (
        <p className="loading" role="status">
          {t('selfAssessment.stage.sending')}
        </p>
      ) : (
        <ConnectorFrame
          connectorUrl={connectorUrl}
          title={t('selfAssessment.stage.frameTitle')}
          onCompleted={(metadata) => seal.mutate(metadata)}
          onError={() => setFailed(true)}
        />
      )}
      {!mandatory && !seal.isPending && !seal.isSuccess && (
        <button type="button" className="button secondary" onClick={() => onDone()}>
          {t('selfAssessment.stage.skip')}
        </button>
      )}
      <QuestionnaireErrorDialog open={failed} onChatAnyway={() => onDone()} />
    </section>
  );
}
