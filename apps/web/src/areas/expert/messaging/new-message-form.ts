import { isValidSsn, normalizeSsn, ZCreateConversationFields } from '@prsp/contracts';
import { messageFormData } from '@/features/messaging/messaging-api';
import { attachmentProblem, cleanMessageText, type AttachmentProblem } from '@/features/messaging/message-rules';
import { schemaErrors } from '@/lib/form-errors';
import { compact, type FieldErrors } from '@/lib/validation';

/** The expert's new message to a patient (spec §5 'Expert new message'), as typed. */
export type NewMessageValues = {
  ssn: string;
  name: string;
  email: string;
  mobile: string;
  smsNotification: boolean;
  subject: string;
  text: string;
  attachment: File | null;
};

export const EMPTY_NEW_MESSAGE: NewMessageValues = {
  ssn: '',
  name: '',
  email: '',
  mobile: '',
  smsNotification: false,
  subject: '',
  text: '',
  attachment: null,
};

/** The shared field messages for spec §9's attachment rules (.pdf, .jpg, .jpeg, .png up to 10 MB). */
const ATTACHMENT_KEYS: Record<AttachmentProblem, string> = { type: 'attachmentType', size: 'attachmentTooLarge', empty: 'emptyFile' };

function attachmentError(file: File | null): string | undefined {
  const problem = file && attachmentProblem(file);
  return problem ? ATTACHMENT_KEYS[problem] : undefined;
}

/** The text fields as the server reads them; the SMS flag only when chosen (spec §3: empty values omitted). */
export function newMessageFields(values: NewMessageValues): Record<string, string> {
  return {
    ssn: normalizeSsn(values.ssn),
    name: values.name.trim(),
    email: values.email.trim(),
    mobile: values.mobile.trim(),
    ...(values.smsNotification ? { smsNotification: 'true' } : {}),
    subject: cleanMessageText(values.subject),
    text: cleanMessageText(values.text),
  };
}

/**
 * Every rule of the form, as message keys under their fields: the contract's schema (what the server checks), the
 * identity code's checksum (the server answers 105 too) and the attachment's type and size.
 */
export function newMessageErrors(
  values: NewMessageValues,
  /** The contract's errors of the fields, when the form has checked them already. */
  contractErrors: FieldErrors = schemaErrors(ZCreateConversationFields, newMessageFields(values)),
): FieldErrors {
  const errors = contractErrors;
  const ssn = normalizeSsn(values.ssn);
  return compact({
    ...errors,
    ssn: ssn ? (isValidSsn(ssn) ? errors.ssn : 'invalidSsn') : 'required',
    // The schema calls a blank address or number malformed; the form says it is missing.
    email: values.email.trim() ? errors.email : 'required',
    mobile: values.mobile.trim() ? errors.mobile : 'required',
    attachment: attachmentError(values.attachment),
  });
}

/** The multipart body of `create-conversation`: the text fields, then the file as `attachments[]`. */
export function newMessageForm(values: NewMessageValues): FormData {
  return messageFormData(newMessageFields(values), values.attachment ? [values.attachment] : []);
}

/** The fields in the order they stand on the form, so the first one with an error gets the focus. */
export const NEW_MESSAGE_FIELD_ORDER = ['ssn', 'name', 'email', 'mobile', 'subject', 'text', 'attachment'] as const;
