import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { CHAT_LIMITS } from '@prsp/contracts';
import { ApiError } from '@/lib/api-client';
import { CHAT_FILE_ACCEPT, chatFileProblem, type ChatFileProblem } from './chat-file-check';
import { useQuickReplyAssist, type ComposerQuickReply } from './quick-reply-assist';
import type { ChatTextPrefix } from './chat-texts';
import { useTranslation } from '@/lib/i18n';

type FileState =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string }
  | { kind: 'problem'; problem: ChatFileProblem }
  /** Refused by the server: the text key of its answer (a field's, e.g. not a PDF, JPG or PNG by its bytes). */
  | { kind: 'refused'; key: string };

/**
 * Why the server refused a file, as a text key: the field's message (wrong type by its bytes, damaged, too large,
 * infected), too many uploads, else (a network failure, a server error) 'try again later'.
 */
function uploadFailureKey(err: unknown, prefix: ChatTextPrefix): string {
  if (err instanceof ApiError) {
    const field = err.fields?.[0];
    if (field) return field.messageKey;
    if (err.statusCode === 429) return err.errorKey;
  }
  return `${prefix}.composer.fileProblem.upload`;
}

const COARSE = '(pointer: coarse)';
const subscribeCoarse = (onChange: () => void) => {
  const query = window.matchMedia?.(COARSE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
/** A touch screen: its keyboard has no Shift+Enter, so the keyboard hint is not shown there. */
function useCoarsePointer(): boolean {
  return useSyncExternalStore(subscribeCoarse, () => window.matchMedia?.(COARSE).matches ?? false);
}

/**
 * Writing one message (spec §9: up to 2000 characters, with a counter): Enter sends, Shift+Enter starts a new
 * line (said only where there is a keyboard). A file (.pdf, .jpg, .jpeg, .png up to 10 MB) is checked here before it
 * is uploaded, and the server's reason shown when it refuses one. As the chat opens for writing, the composer is
 * scrolled into view: on a phone it would start below the screen. `quickReplies` (the expert's composer only) adds
 * the `/shortcut` listbox and the picker (quick-reply-assist.tsx); the patient's composer has neither.
 */
export function ChatComposer({
  onSend,
  onTyping,
  onUpload,
  disabled,
  prefix,
  quickReplies,
  takeFocus,
}: {
  onSend: (text: string) => void;
  onTyping: () => void;
  onUpload: (file: File) => Promise<unknown>;
  disabled?: boolean;
  prefix: ChatTextPrefix;
  quickReplies?: readonly ComposerQuickReply[];
  /** The message box takes the focus as soon as it can be written in (the expert has just taken this patient). */
  takeFocus?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<FileState>({ kind: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const quick = useQuickReplyAssist({ replies: quickReplies, text, setText, textarea, disabled });
  const coarse = useCoarsePointer();
  const trimmed = text.trim();

  useEffect(() => {
    if (!disabled) form.current?.scrollIntoView({ block: 'nearest' });
  }, [disabled]);
  useEffect(() => {
    if (takeFocus && !disabled) textarea.current?.focus();
  }, [takeFocus, disabled]);

  const send = () => {
    if (!trimmed || disabled) return;
    onSend(trimmed);
    setText('');
  };

  const attach = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = chatFileProblem(chosen);
    if (problem) return setFile({ kind: 'problem', problem });
    setFile({ kind: 'uploading', name: chosen.name });
    onUpload(chosen).then(
      () => setFile({ kind: 'idle' }),
      (err: unknown) => setFile({ kind: 'refused', key: uploadFailureKey(err, prefix) }),
    );
  };

  return (
    <form
      ref={form}
      className="chat-composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-text`} className="visually-hidden">
          {t(`${prefix}.composer.label`)}
        </label>
        <textarea
          ref={textarea}
          id={`${id}-text`}
          value={text}
          rows={2}
          maxLength={CHAT_LIMITS.textMax}
          placeholder={t(`${prefix}.composer.placeholder`)}
          aria-describedby={coarse ? `${id}-count` : `${id}-count ${id}-hint`}
          disabled={disabled}
          aria-autocomplete={quick.textareaProps['aria-autocomplete']}
          aria-controls={quick.textareaProps['aria-controls']}
          aria-activedescendant={quick.textareaProps['aria-activedescendant']}
          onSelect={quick.textareaProps.onSelect}
          onChange={(e) => {
            setText(e.target.value);
            quick.textareaProps.onChange(e.target);
            onTyping();
          }}
          onKeyDown={(e) => {
            if (quick.onKeyDown(e)) return;
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        {quick.listbox}
        <p className="chat-composer-info">
          {!coarse && (
            <span id={`${id}-hint`} className="hint">
              {t(`${prefix}.composer.hint`)}
            </span>
          )}
          <span id={`${id}-count`} className="hint">
            {t(`${prefix}.composer.count`, { length: text.length, max: CHAT_LIMITS.textMax })}
          </span>
        </p>
      </div>
      <div className="chat-composer-actions">
        {quick.picker}
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={CHAT_FILE_ACCEPT}
          onChange={(e) => {
            attach(e.target.files?.[0]);
            // The same file can be chosen again after a problem.
            e.target.value = '';
          }}
        />
        <button
          type="button"
          className="button secondary"
          disabled={disabled || file.kind === 'uploading'}
          aria-describedby={`${id}-file`}
          onClick={() => fileInput.current?.click()}
        >
          {t(`${prefix}.composer.attach`)}
        </button>
        <button type="submit" className="button" disabled={disabled || !trimmed}>
          {t(`${prefix}.composer.send`)}
        </button>
      </div>
      <p id={`${id}-file`} className="chat-file-state" role="status">
        {file.kind === 'uploading' && t(`${prefix}.composer.uploading`, { name: file.name })}
        {file.kind === 'problem' && <span className="field-error">{t(`${prefix}.composer.fileProblem.${file.problem}`)}</span>}
        {file.kind === 'refused' && <span className="field-error">{t(file.key)}</span>}
        {file.kind === 'idle' && <span className="hint">{t(`${prefix}.composer.fileRules`)}</span>}
      </p>
    </form>
  );
}
