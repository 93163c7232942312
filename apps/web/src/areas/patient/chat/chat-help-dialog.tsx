import { useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useTranslation } from '@/lib/i18n';

/** Spec §2 'Chat': the help button and its info modal, with the organisation's own help and info texts. */
export function ChatHelpButton({ help, info }: { help: string; info: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('chat.help.button')}
      </button>
      <ModalDialog open={open} title={t('chat.help.title')} onClose={() => setOpen(false)} closeLabel={t('ui.close')}>
        <p className="chat-org-text">{help}</p>
        {info && <p className="chat-org-text">{info}</p>}
        <div className="actions">
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('ui.close')}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
