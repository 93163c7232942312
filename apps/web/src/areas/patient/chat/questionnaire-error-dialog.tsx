import { useNavigate } from 'react-router';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useTranslation } from '@/lib/i18n';

/**
 * Spec §2 'Questionnaire-error modal', §4: the self-assessment failed (the connector said `error`, or its result
 * could not be passed on). It must be answered: chat anyway, without the result, or back to service selection.
 */
export function QuestionnaireErrorDialog({ open, onChatAnyway }: { open: boolean; onChatAnyway: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ModalDialog open={open} title={t('selfAssessment.error.title')} onClose={() => undefined} closable={false}>
      <p>{t('selfAssessment.error.text')}</p>
      <div className="actions">
        <button type="button" className="button" onClick={onChatAnyway}>
          {t('selfAssessment.error.chatAnyway')}
        </button>
        <button type="button" className="button secondary" onClick={() => void navigate('/services', { replace: true })}>
          {t('selfAssessment.error.back')}
        </button>
      </div>
    </ModalDialog>
  );
}
