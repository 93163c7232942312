import './expert-messages.css';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MESSAGE_TEXT_MAX, normalizeSsn, SUBJECT_MAX, ZCreateConversationFields } from '@prsp/contracts';
import { CheckboxField, FormAlert, FormField } from '@/components/ui/form-fields';
import { showToast } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { usePageTitle } from '@/lib/use-page-title';
import type { FieldErrors } from '@/lib/validation';
import { useZodForm } from '@/features/staff/use-zod-form';
import { PatientLookupNote, usePatientLookup } from '@/features/staff/patient-lookup';
import { ExpertSearch } from './expert-search';
import { useCreateConversation } from './expert-messaging-api';
import { useMessageFieldText } from './message-field-text';
import { ATTACHMENT_ACCEPT } from '@/features/messaging/message-rules';
import {
  EMPTY_NEW_MESSAGE,
  NEW_MESSAGE_FIELD_ORDER,
  newMessageErrors,
  newMessageFields,
  newMessageForm,
  type NewMessageValues,
} from './new-message-form';
import { useTranslation } from '@/lib/i18n';

type TextKey = 'ssn' | 'name' | 'email' | 'mobile' | 'subject';

/** The server's refusal as errors under the fields: 105 belongs to the identity code, files to the attachment. */
function refusedFields(err: unknown): FieldErrors {
  if (err instanceof ApiError && err.statusCode === 105) return { ssn: 'invalidSsn' };
  const fields = serverFieldErrors(err);
  const attachment = fields['attachments[]'] ?? fields.attachments;
  return attachment ? { ...fields, attachment } : fields;
}

/**
 * `/expert/messages/new` (spec §2, §5 'Expert new message'): the expert starts a conversation with a patient by
 * identity code, with the patient's contact details, the SMS-notice choice, a subject, the message and one
 * attachment. Every rule is checked before sending; a refusal shows under its field, any other failure says
 * 'Sending error'; a sent message clears the form and says so.
 */
export function NewMessagePage() {
  const { t } = useTranslation();
  usePageTitle(t('expert.menu.messagesNew'));
  const fieldText = useMessageFieldText();
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  // The contract's schema of the text fields, with the identity code's checksum and the attachment's rules.
  const message = useZodForm<NewMessageValues, Record<string, string>>({
    schema: ZCreateConversationFields,
    defaultValues: EMPTY_NEW_MESSAGE,
    toBody: newMessageFields,
    rules: (values, _fields, found) => newMessageErrors(values, found),
  });
  const { values, errors } = message;
  const [sentTo, setSentTo] = useState<{ name: string; id: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const create = useCreateConversation();

  const set = <K extends keyof NewMessageValues>(key: K, value: NewMessageValues[K]) => {
    message.set(key, value as never);
    setSentTo(null);
  };

  // A code of a patient the organisation knows fills in their name and contacts.
  const found = usePatientLookup('expert', (p) => {
    set('name', `${p.firstName} ${p.lastName}`);
    if (p.email) set('email', p.email);
    if (p.mobile) set('mobile', p.mobile);
  });

  const focusFirst = (form: HTMLFormElement | null, found: FieldErrors) => {
    const first = NEW_MESSAGE_FIELD_ORDER.find((key) => found[key]);
    if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = (e: FormEvent) => {
    setFailed(false);
    message.submit(
      e,
      (_fields, sending) =>
        create.mutate(newMessageForm(sending), {
          onSuccess: (sent) => {
            setSentTo({ name: sending.name.trim(), id: sent.conversationId });
            message.form.reset(EMPTY_NEW_MESSAGE);
            if (fileRef.current) fileRef.current.value = '';
            showToast(t('expert.messages.new.sent'));
          },
          onError: (err) => {
            const refused = refusedFields(err);
            message.showErrors(refused);
            if (Object.keys(refused).length > 0) focusFirst(formRef.current, refused);
            else setFailed(true);
          },
        }),
      focusFirst,
    );
  };

  const text = (key: TextKey, type: 'text' | 'email' | 'tel', extra: { autoComplete?: string; max?: number } = {}) => (
    <FormField label={t(`expert.messages.new.${key}`)} error={fieldText(errors[key])}>
      {(control) => (
        <input
          {...control}
          name={key}
          type={type}
          required
          autoComplete={extra.autoComplete ?? 'off'}
          maxLength={extra.max}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
          // The identity code as it is kept (trimmed, upper case), shown once typed: what is seen is what is stored.
          onBlur={
            key === 'ssn'
              ? () => {
                  set('ssn', normalizeSsn(values.ssn));
                  found.lookup(values.ssn);
                }
              : undefined
          }
        />
      )}
    </FormField>
  );

  return (
    <div className="section-stack expert-messages">
      <div className="page-head">
        <h1>{t('expert.menu.messagesNew')}</h1>
      </div>
      <form ref={formRef} className="card form" noValidate onSubmit={submit} aria-label={t('expert.menu.messagesNew')}>
        <p className="muted">{t('expert.messages.new.intro')}</p>
        <fieldset className="form-grid">
          <legend>{t('expert.messages.new.patient')}</legend>
          {text('ssn', 'text', { max: 20 })}
          <PatientLookupNote state={found.state} />
          {text('name', 'text', { max: 200 })}
          {text('email', 'email', { max: 254 })}
          {text('mobile', 'tel', { autoComplete: 'off', max: 20 })}
        </fieldset>
        <CheckboxField
          label={t('expert.messages.new.smsNotification')}
          hint={t('expert.messages.new.smsNotificationHint')}
          checked={values.smsNotification}
          onChange={(checked) => set('smsNotification', checked)}
        />
        {text('subject', 'text', { max: SUBJECT_MAX })}
        <FormField
          label={t('expert.messages.new.text')}
          hint={t('expert.messages.textCount', { length: values.text.length, max: MESSAGE_TEXT_MAX })}
          error={fieldText(errors.text)}
        >
          {(control) => (
            <textarea
              {...control}
              name="text"
              rows={6}
              required
              maxLength={MESSAGE_TEXT_MAX}
              value={values.text}
              onChange={(e) => set('text', e.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('expert.messages.new.attachment')} hint={t('expert.messages.fileRules')} error={fieldText(errors.attachment)}>
          {(control) => (
            <input
              {...control}
              ref={fileRef}
              name="attachment"
              type="file"
              accept={ATTACHMENT_ACCEPT}
              onChange={(e) => set('attachment', e.target.files?.[0] ?? null)}
            />
          )}
        </FormField>
        <FormAlert message={failed ? t('expert.messages.sendingError') : undefined} />
        <div className="actions">
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? t('expert.messages.sending') : t('expert.messages.new.send')}
          </button>
        </div>
        <div role="status">
          {sentTo && (
            <p className="notice">
              {t('expert.messages.new.sentTo', { name: sentTo.name })}{' '}
              <Link to={`/expert/messages/patients?id=${encodeURIComponent(sentTo.id)}`}>{t('expert.messages.new.openSent')}</Link>
            </p>
          )}
        </div>
      </form>
      <ExpertSearch />
    </div>
  );
}
