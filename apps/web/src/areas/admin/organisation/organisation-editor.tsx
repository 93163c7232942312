import { useRef, useState, type ReactNode, type FormEvent } from 'react';
import type { AdminOrganisation, FeatureFlag, OrganisationImageKind, OrganisationJsonField, OrganisationTextField } from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { saveFailureKey } from '@/lib/form-errors';
import { FormAlert } from '@/components/ui/form-fields';
import { showToast } from '@/components/ui/toasts';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes';
import { useZodForm } from '@/features/staff/use-zod-form';
import { compact, type FieldErrors } from '@/lib/validation';
import { checkImageFile } from './image-check';
import { useAdminOrganisation, useSaveOrganisation } from './organisation-api';
import { shortenedRetention, type RetentionChange } from './retention';
import { ShortenRetentionDialog } from './sections/shorten-retention-dialog';
import {
  draftBody,
  draftFromOrganisation,
  draftSchema,
  toFormData,
  type DraftFields,
  type OrganisationDraft,
  type OrganisationJson,
} from './organisation-draft';
import { useTranslation } from '@/lib/i18n';

export type JsonFieldProps<K extends OrganisationJsonField> = {
  value: OrganisationJson[K];
  onChange: (value: OrganisationJson[K]) => void;
  errors: FieldErrors;
  path: K;
  disabled: boolean;
};

export type Editor = {
  draft: OrganisationDraft;
  errors: FieldErrors;
  readOnly: boolean;
  organisation?: AdminOrganisation;
  setText: (key: OrganisationTextField, value: string) => void;
  setFlag: (flag: FeatureFlag, value: boolean) => void;
  setJson: <K extends OrganisationJsonField>(key: K, value: OrganisationJson[K]) => void;
  /** The props every editor of one JSON field takes: its value, setter, errors under its path, read-only state. */
  bindJson: <K extends OrganisationJsonField>(key: K) => JsonFieldProps<K>;
  setFile: (kind: OrganisationImageKind, file: File | undefined) => Promise<void>;
  setRemoveBackground: (remove: boolean) => void;
};

/**
 * The draft, its setters and its 'dirty' state, for one organisation form: the fields it edits are checked with the
 * contract's rules (organisation-draft.ts `draftSchema`) under the server's paths, the chosen images by their own
 * check, and `rules` adds what the page requires besides (a new organisation's logo).
 */
export function useDraft(
  initial: OrganisationDraft,
  readOnly: boolean,
  {
    organisation,
    fields,
    rules,
  }: { organisation?: AdminOrganisation; fields: DraftFields; rules?: (draft: OrganisationDraft, found: FieldErrors) => FieldErrors },
) {
  const [schema] = useState(() => draftSchema(fields));
  // The chosen images' own checks (size, type), kept apart: they come from reading the file, not from the values.
  const [imageErrors, setImageErrors] = useState<FieldErrors>({});
  const chosenImageErrors = (draft: OrganisationDraft) =>
    compact(Object.fromEntries(Object.keys(draft.files).map((kind) => [kind, imageErrors[kind]])));
  const form = useZodForm<OrganisationDraft, Record<string, unknown>>({
    schema,
    defaultValues: initial,
    toBody: (draft) => draftBody(draft, fields),
    rules: (draft, _body, found) => {
      const all = { ...found, ...chosenImageErrors(draft) };
      return rules ? rules(draft, all) : all;
    },
  });
  const draft = form.values;
  const errors = { ...form.errors, ...compact(imageErrors) };
  const setValue = (path: string, value: unknown) => form.form.setValue(path as never, value as never, { shouldDirty: true });

  const setJson = <K extends OrganisationJsonField>(key: K, value: OrganisationJson[K]) =>
    form.set(`json.${key}` as never, value as never, key);
  const editor: Editor = {
    draft,
    errors,
    readOnly,
    organisation,
    setText: (key, value) => form.set(`text.${key}`, value, key),
    setFlag: (flag, value) => setValue(`flags.${flag}`, value),
    setJson,
    bindJson: (key) => ({ value: draft.json[key], onChange: (value) => setJson(key, value), errors, path: key, disabled: readOnly }),
    setFile: async (kind, file) => {
      const files = { ...draft.files };
      if (file) files[kind] = file;
      else delete files[kind];
      setValue('files', files);
      if (kind === 'background' && file) setValue('removeBackground', false);
      const error = file ? await checkImageFile(kind, file) : undefined;
      form.clear(kind);
      setImageErrors((e) => ({ ...e, [kind]: error }));
    },
    setRemoveBackground: (remove) => setValue('removeBackground', remove),
  };
  const markSaved = () => {
    form.form.reset({ ...form.form.getValues(), files: {}, removeBackground: false }, { keepErrors: true });
    setImageErrors({});
  };
  return { editor, dirty: form.dirty, submit: form.submit, showServerErrors: form.showServerErrors, markSaved };
}

/** Moves focus to the first field that needs fixing, so keyboard and screen reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  field?.focus();
}

/**
 * A page that edits part of the chosen organisation (service settings, thank-you page, pre-questionnaire …):
 * it validates its own fields with the contract's rules and sends only them as `update` (the rest stays as stored).
 */
export function OrganisationPageForm({
  organisationId,
  canEdit,
  title,
  intro,
  fields,
  withFlagsAndImages = false,
  children,
}: {
  organisationId: string;
  canEdit: boolean;
  title: string;
  intro?: ReactNode;
  fields: { text?: readonly OrganisationTextField[]; json?: readonly OrganisationJsonField[] };
  /** The service settings page also edits the modules and the images. */
  withFlagsAndImages?: boolean;
  children: (editor: Editor) => ReactNode;
}) {
  const { t } = useTranslation();
  const organisation = useAdminOrganisation(organisationId);
  if (organisation.isError) return <FormAlert message={t('staff.loadError')} />;
  if (!organisation.data) return <Loading />;
  return (
    <LoadedForm
      withFlagsAndImages={withFlagsAndImages}
      // A new or removed service changes the list this form orders: start again from what is stored.
      key={`${organisation.data.id}:${organisation.data.services.map((s) => s.id).join(',')}`}
      organisation={organisation.data}
      canEdit={canEdit}
      title={title}
      intro={intro}
      fields={fields}
    >
      {children}
    </LoadedForm>
  );
}

/**
 * The form's save, kept at the bottom of the screen however long the page (the service settings are thousands of
 * pixels): it says whether there are unsaved changes. The page keeps room under its last field and the browser
 * scrolls a focused field clear of it (`has-save-bar`, staff.css), so it never covers what is being typed.
 */
export function SaveBar({ dirty, busy, label }: { dirty: boolean; busy: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`save-bar${dirty ? ' dirty' : ''}`} role="region" aria-label={t('admin.saveBar.label')}>
      <p className="save-state" role="status">
        {t(dirty ? 'admin.saveBar.unsaved' : 'admin.saveBar.clean')}
      </p>
      <button type="submit" className="button" disabled={busy}>
        {label ?? t('staff.save')}
      </button>
    </div>
  );
}

function LoadedForm({
  organisation,
  canEdit,
  title,
  intro,
  fields,
  withFlagsAndImages,
  children,
}: {
  organisation: AdminOrganisation;
  canEdit: boolean;
  title: string;
  intro?: ReactNode;
  fields: { text?: readonly OrganisationTextField[]; json?: readonly OrganisationJsonField[] };
  withFlagsAndImages: boolean;
  children: (editor: Editor) => ReactNode;
}) {
  const { t } = useTranslation();
  const save = useSaveOrganisation('update');
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState(() => draftFromOrganisation(organisation));
  const { editor, dirty, submit: checked, showServerErrors, markSaved } = useDraft(initial, !canEdit, { organisation, fields });
  // Data saving as last saved: a save that shortens it asks first (the nightly run deletes what is older).
  const [savedText, setSavedText] = useState(initial.text);
  const [shortening, setShortening] = useState<RetentionChange[]>([]);

  const submit = (e: FormEvent) =>
    checked(
      e,
      (_body, draft) => {
        const shortened = shortenedRetention(savedText, draft.text, fields.text ?? []);
        if (shortened.length > 0) setShortening(shortened);
        else send();
      },
      focusFirstInvalid,
    );

  const send = () => {
    setShortening([]);
    const sentText = editor.draft.text;
    save.mutate(
      toFormData(editor.draft, {
        id: organisation.id,
        text: fields.text ?? [],
        json: fields.json ?? [],
        flagsAndImages: withFlagsAndImages,
      }),
      {
        onSuccess: () => {
          markSaved();
          setSavedText(sentText);
          showToast(t('staff.saved'));
        },
        onError: (err) => {
          showServerErrors(err);
          requestAnimationFrame(() => focusFirstInvalid(formRef.current));
        },
      },
    );
  };

  const failureKey = saveFailureKey(save.error);
  const failure = failureKey ? t(failureKey) : undefined;

  return (
    <form ref={formRef} className={`section-stack${canEdit ? ' has-save-bar' : ''}`} noValidate onSubmit={submit}>
      <UnsavedChangesGuard dirty={dirty && !save.isPending} />
      <div className="page-head">
        <h1>{title}</h1>
      </div>
      {intro}
      {!canEdit && <p className="notice">{t('admin.readOnly')}</p>}
      <FormAlert message={failure} />
      {children(editor)}
      {canEdit && <SaveBar dirty={dirty} busy={save.isPending} />}
      <ShortenRetentionDialog changes={shortening} busy={save.isPending} onConfirm={send} onCancel={() => setShortening([])} />
    </form>
  );
}
