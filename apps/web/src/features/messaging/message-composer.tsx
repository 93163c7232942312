import './messaging-texts';
import './messaging.css';
import { useId, useState } from 'react';
import { MESSAGE_TEXT_MAX } from '@prsp/contracts';
import { AttachmentPicker } from './attachment-picker';
import type { MessageDraft } from './messaging-api';
import { canSendReply, cleanMessageText } from './message-rules';
import { useTranslation } from '@/lib/i18n';

export type MessageComposerProps = {
  /**
   * Sends the draft (text already cleaned of HTML tags and trimmed). Resolving clears the composer; rejecting
   * keeps the draft and shows 'Sending error. Please try again later.'.
   */
  onSend: (draft: MessageDraft) => Promise<unknown>;
  /** Shown as a 'Discard' button that drops the draft and calls this (spec §4: Discard closes the composer). */
  onDiscard?: () => void;
  /** Whether files may be attached (default true). */
  allowAttachments?: boolean;
  /** The text field's label; default 'Your message'. */
  label?: string;
  /** Focus the text field when the composer appears (after 'Reply'). */
  autoFocus?: boolean;
};

/**
 * Writing a reply (spec §4 'Conversation reply', §5, §9): text up to 2000 characters with a counter, attachments
 * checked in the browser; Send is disabled with neither text nor attachments and while sending.
 */
export function MessageComposer({ onSend, onDiscard, allowAttachments = true, label, autoFocus }: MessageComposerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const sendable = canSendReply({ text, files, pending });
  const showNeed = !sendable && !pending;

  const send = () => {
    if (!sendable) return;
    setPending(true);
    setFailed(false);
    onSend({ text: cleanMessageText(text), files }).then(
      () => {
        setText('');
        setFiles([]);
        setPending(false);
      },
      () => {
        setFailed(true);
        setPending(false);
      },
    );
  };

  return (
    <form
      className="message-composer"
      noValidate
      aria-busy={pending}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-text`}>{label ?? t('messaging.composer.label')}</label>
        <textarea
          id={`${id}-text`}
          value={text}
          rows={5}
          maxLength={MESSAGE_TEXT_MAX}
          placeholder={t('messaging.composer.placeholder')}
          aria-describedby={`${id}-count`}
          disabled={pending}
          autoFocus={autoFocus}
          onChange={(e) => setText(e.target.value)}
        />
        <p id={`${id}-count`} className="hint message-count">
          {t('messaging.composer.count', { length: text.length, max: MESSAGE_TEXT_MAX })}
        </p>
      </div>
      {allowAttachments && <AttachmentPicker files={files} onChange={setFiles} disabled={pending} />}
      {failed && (
        <p className="alert" role="alert">
          {t('messaging.composer.sendError')}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={!sendable} aria-describedby={showNeed ? `${id}-need` : undefined}>
          {pending ? t('messaging.composer.sending') : t('messaging.composer.send')}
        </button>
        {onDiscard && (
          <button
            type="button"
            className="button secondary"
            disabled={pending}
            onClick={() => {
              setText('');
              setFiles([]);
              onDiscard();
            }}
          >
            {t('messaging.composer.discard')}
          </button>
        )}
      </div>
      {showNeed && (
        <p id={`${id}-need`} className="hint">
          {t('messaging.composer.needContent')}
        </p>
      )}
    </form>
  );
}
