import DOMPurify from 'dompurify';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { emailTemplateTagProblems, ZEmailTemplateInput, type EmailTemplate, type EmailTemplateInput } from '@prsp/contracts';
import { saveFailureKey } from '@/lib/form-errors';
import { FormAlert, TextAreaField, TextField } from '@/components/ui/form-fields';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toasts';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes';
import { useZodForm } from '@/features/staff/use-zod-form';
import { useEmailPreview, useResetEmailTemplate, useSaveEmailTemplate } from './email-templates-api';
import { useTranslation } from '@/lib/i18n';
import { TEMPLATES_PATH } from './template-paths';

const PREVIEW_DELAY_MS = 400;

const tagList = (tags: readonly string[]) => tags.map((tag) => `{{${tag}}}`).join(', ');

/**
 * What the preview shows of a rendered e-mail: the content of its body. The mail's `<body style>` is for mail
 * clients; the page's CSP allows no inline style, and Chromium enforces it already while DOMPurify parses the mail
 * (the parsed document shares the page's policy), so the body's own tag never reaches the parser. The server
 * escapes all text in the mail, so the tags matched here are its own.
 */
export function mailBodyContent(html: string): string {
  return /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
}

/** The value after it has stayed the same for a moment: the preview follows typing without a call per key. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * One template in one language: fields, tag list, live preview, save, and reset to the default. Back to the list
 * is a link, so leaving with unsaved edits asks first (spec §4), as the browser's back button and closing the tab do.
 */
export function TemplateEditor({ template, canEdit }: { template: EmailTemplate; canEdit: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveEmailTemplate();
  const reset = useResetEmailTemplate();
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const form = useZodForm<EmailTemplateInput>({
    schema: ZEmailTemplateInput,
    defaultValues: {
      kind: template.kind,
      language: template.language,
      senderName: template.senderName,
      senderAddress: template.senderAddress,
      title: template.title,
      content: template.content,
    },
  });
  const { values: input, dirty, set, field } = form;
  const [askReset, setAskReset] = useState(false);
  // After a reset the form is marked saved first; leaving waits for that render, so the guard does not ask.
  const [resetDone, setResetDone] = useState(false);
  useEffect(() => {
    if (resetDone) void navigate(TEMPLATES_PATH);
  }, [resetDone, navigate]);
  // The contract's rule, as the server applies it: unknown tags are flagged while typing (a missing {{link}} refuses the save).
  const tagProblems = emailTemplateTagProblems(input.kind, input);
  const debounced = useDebounced(input, PREVIEW_DELAY_MS);
  const preview = useEmailPreview({ template: debounced });

  /** Puts a tag where the cursor is in the content, as `{{tag}}`. */
  const insertTag = (tag: string) => {
    const area = contentRef.current;
    const text = `{{${tag}}}`;
    const start = area?.selectionStart ?? input.content.length;
    const end = area?.selectionEnd ?? input.content.length;
    set('content', input.content.slice(0, start) + text + input.content.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const submit = (e: FormEvent) =>
    form.submit(e, (sent) =>
      save.mutate(sent, {
        onSuccess: () => {
          form.markSaved(sent);
          showToast(t('staff.saved'));
        },
        onError: form.showServerErrors,
      }),
    );

  const failureKey = reset.error ? 'admin.templates.resetFailed' : saveFailureKey(save.error);
  return (
    <form className="section-stack" noValidate onSubmit={submit}>
      <UnsavedChangesGuard dirty={dirty} />
      <div className="page-head">
        <h1>
          {t('admin.templates.editTitle', { kind: t(`admin.templates.kinds.${template.kind}`), lang: t(`languages.${template.language}`) })}
        </h1>
        <Link className="button secondary" to={TEMPLATES_PATH}>
          {t('admin.templates.backToList')}
        </Link>
      </div>
      <p>
        {t('admin.templates.source')}: <strong>{t(`admin.templates.sources.${template.source}`)}</strong>
      </p>
      <FormAlert message={failureKey ? t(failureKey) : undefined} />
      <div className="editor-layout">
        <fieldset disabled={!canEdit} className="form card">
          <legend className="visually-hidden">{t('admin.templates.editor')}</legend>
          <TextField
            label={t('admin.templates.senderName')}
            hint={t('admin.templates.senderInherits', { value: template.inheritedSender.name })}
            {...field('senderName')}
          />
          <TextField
            label={t('admin.templates.senderAddress')}
            type="email"
            hint={t('admin.templates.senderInherits', { value: template.inheritedSender.address })}
            {...field('senderAddress')}
          />
          <TextField label={t('admin.templates.subject')} {...field('title')} required />
          <TextAreaField
            label={t('admin.templates.content')}
            hint={
              <>
                {t('admin.templates.contentHint')}
                {tagProblems.unknown.length > 0 && (
                  <>
                    {' '}
                    <strong>{t('admin.templates.unknownTags', { tags: tagList(tagProblems.unknown) })}</strong>
                  </>
                )}
              </>
            }
            rows={14}
            {...field('content')}
            textareaRef={contentRef}
            required
          />
          <div>
            <h2 id="tag-list-title" className="small-heading">
              {t('admin.templates.tags')}
            </h2>
            <p className="hint">{t('admin.templates.tagsHint')}</p>
            <ul className="tag-list" aria-labelledby="tag-list-title">
              {template.tags.map((tag) => (
                <li key={tag}>
                  <button
                    type="button"
                    className="button small secondary"
                    onClick={() => insertTag(tag)}
                    aria-label={t('admin.templates.insertTag', { tag: `{{${tag}}}` })}
                  >
                    <code>{`{{${tag}}}`}</code>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </fieldset>
        <section className="card" aria-labelledby="preview-title" aria-busy={preview.isFetching}>
          <h2 id="preview-title">{t('admin.templates.preview')}</h2>
          {preview.isError && <p className="hint">{t('admin.templates.previewError')}</p>}
          {preview.data && (preview.data.missingTags.length > 0 || preview.data.unknownTags.length > 0) && (
            <ul className="hint" aria-label={t('admin.templates.tags')}>
              {preview.data.missingTags.length > 0 && (
                <li>
                  <strong>{t('admin.templates.missingTags', { tags: tagList(preview.data.missingTags) })}</strong>
                </li>
              )}
              {preview.data.unknownTags.length > 0 && (
                <li>
                  <strong>{t('admin.templates.unknownTags', { tags: tagList(preview.data.unknownTags) })}</strong>
                </li>
              )}
            </ul>
          )}
          {preview.data && (
            <div className="mail-preview">
              <p className="mail-meta">
                {t('admin.templates.from')}: {input.senderName.trim() || template.inheritedSender.name} &lt;
                {input.senderAddress.trim() || template.inheritedSender.address}&gt;
                <br />
                {t('admin.templates.subject')}: <strong>{preview.data.subject}</strong>
              </p>
              {/* The server builds this HTML from plain text; it is still sanitised before it is shown. */}
              <div
                dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(mailBodyContent(preview.data.html), { FORBID_ATTR: ['style'] }) }}
              />
            </div>
          )}
        </section>
      </div>
      {canEdit && (
        <div className="actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('staff.save')}
          </button>
          {template.source === 'custom' && template.id && (
            <button type="button" className="button danger" onClick={() => setAskReset(true)}>
              {t('admin.templates.reset')}
            </button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={askReset}
        title={t('admin.templates.resetTitle')}
        text={<p>{t('admin.templates.resetText')}</p>}
        confirmLabel={t('admin.templates.reset')}
        danger
        busy={reset.isPending}
        onCancel={() => setAskReset(false)}
        onConfirm={() =>
          reset.mutate(
            { id: template.id!, language: template.language },
            {
              onSuccess: () => {
                setAskReset(false);
                form.markSaved();
                showToast(t('admin.templates.resetDone'));
                setResetDone(true);
              },
              onError: () => setAskReset(false),
            },
          )
        }
      />
    </form>
  );
}
