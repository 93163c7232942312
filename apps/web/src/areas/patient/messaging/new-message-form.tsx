import '@/features/messaging/messaging-texts';
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGE_TEXT_MAX, ZMessageCodeTarget, type Category, type MessageCodeTarget } from '@prsp/contracts';
import { FormField } from '@/components/ui/form-fields';
import { QueryState } from '@/components/ui/query-state';
import { showToast } from '@/components/ui/toasts';
import { cleanMessageText } from '@/features/messaging/message-rules';
import { ApiError } from '@/lib/api-client';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { CODE_FLOW_START, codeFlow, messageCodeMessage } from './message-code-flow';
import { conversationPath, newMessageErrors, type NewMessageErrors, type NewMessageValues } from './new-message-rules';
import { useMessageCategories, useRequestConversation } from './patient-messaging-api';

const EMPTY: NewMessageValues = { categoryId: '', subcategoryId: '', text: '' };

/** The code target the code step passed in the history entry (it survives a reload; the server checks the code again). */
function targetFrom(state: unknown): MessageCodeTarget | null {
  const parsed = ZMessageCodeTarget.safeParse((state as { codeTarget?: unknown } | null)?.codeTarget);
  return parsed.success ? parsed.data : null;
}

/**
 * Spec §5 'New message': category, then its subcategories; text up to 2000 characters (HTML tags removed); no
 * attachments here. With a message code the category and subcategory are the code's, read-only, and the code is
 * used by the send itself, only when it succeeds. On success the form resets and says the message was sent.
 */
export function NewMessageForm() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const categories = useMessageCategories();
  const send = useRequestConversation();
  const [flow, dispatch] = useReducer(codeFlow, location.state, (state: unknown): ReturnType<typeof codeFlow> => {
    const target = targetFrom(state);
    return target ? { step: 'added', target } : CODE_FLOW_START;
  });
  const name = (n: Record<'fi' | 'se' | 'en', string>) => n[lang] || n.fi;
  const target = flow.step === 'added' ? flow.target : null;
  const [values, setValues] = useState<NewMessageValues>(() =>
    target ? { ...EMPTY, categoryId: target.category.id, subcategoryId: target.subcategory.id } : EMPTY,
  );
  const [errors, setErrors] = useState<NewMessageErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The sent message's conversation, and when its category promises an answer (issue 29).
  const [sent, setSent] = useState<{ path: string; promise: string | null } | null>(null);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const sentNote = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) sentNote.current?.focus();
  }, [sent]);

  const category: Category | undefined = categories.data?.find((c) => c.id === values.categoryId);
  const subcategories = (category?.subcategories ?? []).filter((s) => !s.isDisabled);
  const chosen = target?.category ?? category;
  const promise = chosen?.answerPromise ? name(chosen.answerPromise) : null;
  const set = (patch: Partial<NewMessageValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setSent(null);
  };

  const submit = () => {
    const found = newMessageErrors(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      // The first field with an error takes the focus, so its message is read.
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    send.mutate(
      { ...values, text: cleanMessageText(values.text), ...(target ? { messageCode: target.code } : {}) },
      {
        onSuccess: (result) => {
          showToast(t('messages.create.sent'));
          setSent({ path: conversationPath({ id: result.conversationId, kind: 'request', subcategoryId: values.subcategoryId }), promise });
          setValues(EMPTY);
          setErrors({});
          if (target) {
            dispatch({ type: 'sent' });
            // The used code leaves the history entry too, so a reload does not bring it back.
            void navigate(location.pathname, { replace: true, state: null });
          }
        },
        onError: (err) => {
          const code = err instanceof ApiError ? err.statusCode : 500;
          setFailure(target && code >= 201 && code <= 204 ? messageCodeMessage(err).key : 'messages.create.sendError');
        },
      },
    );
  };

  const errorText = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <form
      ref={form}
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {sent && (
        <div ref={sentNote} className="success-note" role="status" tabIndex={-1}>
          <p>{t('messages.create.sent')}</p>
          {sent.promise && <p className="answer-promise">{sent.promise}</p>}
          <Link to={sent.path}>{t('messages.create.openSent')}</Link>
        </div>
      )}
      {target ? (
        <>
          <p className="notice">{t('messages.create.codeNote', { code: target.code })}</p>
          <FormField label={t('messages.create.category')}>
            {(control) => <input {...control} className="read-only-value" readOnly value={name(target.category.name)} />}
          </FormField>
          <FormField label={t('messages.create.subcategory')}>
            {(control) => <input {...control} className="read-only-value" readOnly value={name(target.subcategory.name)} />}
          </FormField>
        </>
      ) : !categories.data ? (
        <QueryState error={categories.error} onRetry={() => void categories.refetch()} />
      ) : categories.data.length === 0 ? (
        <p className="empty">{t('messages.create.noCategories')}</p>
      ) : (
        <>
          <FormField label={t('messages.create.category')} error={errorText(errors.categoryId)}>
            {(control) => (
              <select {...control} value={values.categoryId} onChange={(e) => set({ categoryId: e.target.value, subcategoryId: '' })}>
                <option value="">{t('messages.create.choose')}</option>
                {categories.data.map((c) => (
                  <option key={c.id} value={c.id}>
                    {name(c.name)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('messages.create.subcategory')} error={errorText(errors.subcategoryId)}>
            {(control) => (
              <select
                {...control}
                value={values.subcategoryId}
                disabled={!category}
                onChange={(e) => set({ subcategoryId: e.target.value })}
              >
                <option value="">{category ? t('messages.create.choose') : t('messages.create.chooseCategoryFirst')}</option>
                {subcategories.map((s) => (
                  <option key={s.id} value={s.id}>
                    {name(s.name)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </>
      )}
      {/* When an answer comes, as the category promises it (issue 29). */}
      {promise && <p className="answer-promise">{promise}</p>}
      <FormField
        id={`${id}-text`}
        label={t('messages.create.text')}
        error={errorText(errors.text)}
        hint={t('messaging.composer.count', { length: values.text.length, max: MESSAGE_TEXT_MAX })}
      >
        {(control) => (
          <textarea
            {...control}
            rows={8}
            maxLength={MESSAGE_TEXT_MAX}
            value={values.text}
            onChange={(e) => set({ text: e.target.value })}
          />
        )}
      </FormField>
      {failure && (
        <p className="alert" role="alert">
          {t(failure)}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={send.isPending}>
          {send.isPending ? t('messages.create.sending') : t('messages.create.send')}
        </button>
      </div>
    </form>
  );
}
