import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useChatCode } from '../api/services-api';
import { chatCodeMessage, type ChatCodeMessage } from './chat-code-messages';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';

/**
 * Spec §2 chat code form: submit disabled while empty; a valid code opens its service's chat, otherwise the
 * spec §8 message shows under the field (a warning for a code that is not open yet, else an error).
 */
export function ChatCodeForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = useChatCode();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<ChatCodeMessage | null>(null);
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const trimmed = code.trim();

  return (
    <form
      className="form inline-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!trimmed) return;
        setMessage(null);
        check.mutate(trimmed, {
          // The chat page uses the code as the chat starts (spec §7 `chatCode/{code}/use`).
          onSuccess: (service) => void navigate(`/chat/${encodeURIComponent(service.uuid)}?code=${encodeURIComponent(trimmed)}`),
          onError: (err) => setMessage(chatCodeMessage(err)),
        });
      }}
    >
      <div className={`field${message ? ` has-${message.tone}` : ''}`}>
        <label htmlFor={inputId}>{t('chatCode.label')}</label>
        <div className="input-with-button">
          <input
            id={inputId}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => {
              setCode(e.target.value);
              if (message) setMessage(null);
            }}
            aria-invalid={message?.tone === 'error' ? true : undefined}
            aria-describedby={message ? messageId : undefined}
          />
          <button type="submit" className="button" disabled={!trimmed || check.isPending}>
            {t('chatCode.submit')}
          </button>
        </div>
        {message && (
          <p id={messageId} role="alert" className={message.tone === 'warning' ? 'field-warning' : 'field-error'}>
            {t(message.key, message.validFrom ? { date: formatDateTime(message.validFrom, currentLanguage()) } : undefined)}
          </p>
        )}
      </div>
    </form>
  );
}
