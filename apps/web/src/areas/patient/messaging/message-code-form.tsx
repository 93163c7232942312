import { useId, useReducer, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '@/components/ui/toasts';
import { canSubmitCode, CODE_FLOW_START, codeFlow } from './message-code-flow';
import { messageCodeError } from './new-message-rules';
import { useValidateMessageCode } from './patient-messaging-api';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';

/**
 * Spec §4 and §5 'Message code': the code is validated first (not used: a successful send uses it); a valid one
 * goes on to the create form with its category and subcategory and says 'Code {code} added'; a refused one says
 * why under the field (spec §8). The submit is disabled while the field is empty or the check is pending.
 */
export function MessageCodeForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const validate = useValidateMessageCode();
  const [code, setCode] = useState('');
  const [flow, dispatch] = useReducer(codeFlow, CODE_FLOW_START);
  const id = useId();
  const [touched, setTouched] = useState(false);
  // A refusal from the server, else 'Put correct message code' once the field was left empty.
  const required = touched ? messageCodeError(code) : undefined;
  const message = flow.step === 'entering' ? (flow.message ?? (required ? { key: required, tone: 'error' as const } : null)) : null;

  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!canSubmitCode(flow, code)) return;
        const trimmed = code.trim();
        dispatch({ type: 'submit', code: trimmed });
        validate.mutate(trimmed, {
          onSuccess: (target) => {
            dispatch({ type: 'valid', target });
            showToast(t('messages.code.added', { code: target.code }));
            void navigate('/messages/new/create', { state: { codeTarget: target } });
          },
          onError: (error) => dispatch({ type: 'invalid', error }),
        });
      }}
    >
      <p>{t('messages.code.intro')}</p>
      <div className={`field${message ? ` has-${message.tone}` : ''}`}>
        <label htmlFor={id}>{t('messages.code.label')}</label>
        <div className="input-with-button">
          <input
            id={id}
            value={code}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={message?.tone === 'error' ? true : undefined}
            aria-describedby={message ? `${id}-message` : undefined}
            onBlur={() => setTouched(true)}
            onChange={(e) => {
              setCode(e.target.value);
              dispatch({ type: 'edit' });
            }}
          />
          <button type="submit" className="button" disabled={!canSubmitCode(flow, code)}>
            {flow.step === 'validating' ? t('messages.code.checking') : t('messages.code.submit')}
          </button>
        </div>
        {message && (
          <p id={`${id}-message`} role="alert" className={message.tone === 'warning' ? 'field-warning' : 'field-error'}>
            {t(
              message.key,
              'validFrom' in message && message.validFrom ? { date: formatDateTime(message.validFrom, currentLanguage()) } : undefined,
            )}
          </p>
        )}
      </div>
    </form>
  );
}
