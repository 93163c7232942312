import { connectOnBehalf, useActAsMyself } from '../api/location-api';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useTranslation } from '@/lib/i18n';

/** Spec §2 'Act-on-behalf modal': act as myself, or go to the national mandate service to choose a person. */
export function ActOnBehalfDialog({ open, onClose, actingFor }: { open: boolean; onClose: () => void; actingFor: string | null }) {
  const { t } = useTranslation();
  const asMyself = useActAsMyself();
  return (
    <ModalDialog open={open} title={t('actOnBehalf.title')} onClose={onClose}>
      <p>{actingFor ? t('actOnBehalf.actingNow', { name: actingFor }) : t('actOnBehalf.text')}</p>
      <div className="actions stacked">
        <button
          type="button"
          className="button"
          disabled={asMyself.isPending}
          onClick={async () => {
            await asMyself.mutateAsync();
            onClose();
          }}
        >
          {t('actOnBehalf.asMyself')}
        </button>
        <button type="button" className="button secondary" onClick={connectOnBehalf}>
          {t('actOnBehalf.connect')}
        </button>
        <button type="button" className="button link" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
