import './messaging-texts';
import './messaging.css';
import { useId, useRef, useState } from 'react';
import { MESSAGE_ATTACHMENTS_MAX } from '@prsp/contracts';
import { addAttachments, ATTACHMENT_ACCEPT, ATTACHMENT_MAX_MB, type AttachmentRejection } from './message-rules';
import { useTranslation } from '@/lib/i18n';

export type AttachmentPickerProps = {
  /** The files chosen so far (controlled). */
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
};

/**
 * Choosing attachments (spec §9: .pdf, .jpg, .jpeg, .png, each at most 10 MB): each file is checked here before it
 * is added, and the reason a file was refused is said under the button; chosen files can be removed one by one.
 */
export function AttachmentPicker({ files, onChange, disabled }: AttachmentPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState<AttachmentRejection[]>([]);

  return (
    <div className="attachment-picker">
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        multiple
        hidden
        accept={ATTACHMENT_ACCEPT}
        onChange={(e) => {
          const result = addAttachments(files, [...(e.target.files ?? [])]);
          setRejected(result.rejected);
          onChange(result.files);
          // The same file can be chosen again after it was removed or refused.
          e.target.value = '';
        }}
      />
      <button
        type="button"
        className="button secondary"
        disabled={disabled}
        aria-describedby={`${id}-rules`}
        onClick={() => input.current?.click()}
      >
        {t('messaging.composer.attach')}
      </button>
      <p id={`${id}-rules`} className="hint">
        {t('messaging.composer.fileRules', { mb: ATTACHMENT_MAX_MB, max: MESSAGE_ATTACHMENTS_MAX })}
      </p>
      {files.length > 0 && (
        <ul className="attachment-list" aria-label={t('messaging.composer.attachments')}>
          {files.map((file) => (
            <li key={`${file.name}-${file.size}`}>
              <span className="attachment-name">{file.name}</span>
              <button
                type="button"
                className="button link small"
                disabled={disabled}
                onClick={() => onChange(files.filter((f) => f !== file))}
              >
                {t('messaging.composer.remove', { name: file.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div role="alert">
        {rejected.map((r) => (
          <p key={`${r.name}-${r.problem}`} className="field-error">
            {t(`messaging.composer.fileProblem.${r.problem}`, { name: r.name, mb: ATTACHMENT_MAX_MB, max: MESSAGE_ATTACHMENTS_MAX })}
          </p>
        ))}
      </div>
    </div>
  );
}
