import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminOrganisation, FeatureFlag, OrganisationImageKind, OrganisationJsonField, OrganisationTextField } from '@prsp/contracts';
import { Loading } from '../../../components/route-fallbacks';
import { saveFailureKey, serverFieldErrors } from '../../../lib/form-errors';
import { FormAlert } from '../../../components/ui/form-fields';
import { showToast } from '../../../components/ui/toasts';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes';
import { compact, type FieldErrors } from '../../../lib/validation';
import { checkImageFile } from './image-check';
import { useAdminOrganisation, useSaveOrganisation } from './organisation-api';
import { shortenedRetention, type RetentionChange } from './retention';
import { ShortenRetentionDialog } from './sections/data-saving-section';
import { draftFromOrganisation, toFormData, validateDraft, type OrganisationDraft, type OrganisationJson } from './organisation-draft';
import { useTranslation } from '../../../lib/i18n';

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

/** What decides 'unsaved': the values, not object identity. */
function snapshot(draft: OrganisationDraft): string {
  return JSON.stringify({ text: draft.text, flags: draft.flags, json: draft.json });
}

/** The draft, its setters and its 'dirty' state, for one organisation form. */
export function useDraft(initial: OrganisationDraft, readOnly: boolean, organisation?: AdminOrganisation) {
  const [draft, setDraft] = useState(initial);
  const [baseline, setBaseline] = useState(() => snapshot(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty = snapshot(draft) !== baseline || Object.keys(draft.files).length > 0 || draft.removeBackground;

  const clear = (key: string) => setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  const setJson = <K extends OrganisationJsonField>(key: K, value: OrganisationJson[K]) => {
    setDraft((d) => ({ ...d, json: { ...d.json, [key]: value } }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== key && !k.startsWith(`${key}.`))));
  };
  const editor: Editor = {
    draft,
    errors,
    readOnly,
    organisation,
    setText: (key, value) => {
      setDraft((d) => ({ ...d, text: { ...d.text, [key]: value } }));
      clear(key);
    },
    setFlag: (flag, value) => setDraft((d) => ({ ...d, flags: { ...d.flags, [flag]: value } })),
    setJson,
    bindJson: (key) => ({ value: draft.json[key], onChange: (value) => setJson(key, value), errors, path: key, disabled: readOnly }),
    setFile: async (kind, file) => {
      const files = { ...draft.files };
      if (file) files[kind] = file;
      else delete files[kind];
      setDraft((d) => ({ ...d, files, removeBackground: kind === 'background' && file ? false : d.removeBackground }));
      const error = file ? await checkImageFile(kind, file) : undefined;
      setErrors((e) => ({ ...e, [kind]: error }));
    },
    setRemoveBackground: (remove) => setDraft((d) => ({ ...d, removeBackground: remove })),
  };
  const markSaved = () => {
    setBaseline(snapshot(draft));
    setDraft((d) => ({ ...d, files: {}, removeBackground: false }));
  };
  return { editor, dirty, setErrors, markSaved };
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
  const { editor, dirty, setErrors, markSaved } = useDraft(initial, !canEdit, organisation);
  // Data saving as last saved: a save that shortens it asks first (the nightly run deletes what is older).
  const [savedText, setSavedText] = useState(initial.text);
  const [shortening, setShortening] = useState<RetentionChange[]>([]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const imageErrors = compact(Object.fromEntries(Object.keys(editor.draft.files).map((k) => [k, editor.errors[k]])));
    const found = { ...validateDraft(editor.draft, fields), ...imageErrors };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    const shortened = shortenedRetention(savedText, editor.draft.text, fields.text ?? []);
    if (shortened.length > 0) setShortening(shortened);
    else send();
  };

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
          setErrors(serverFieldErrors(err));
          requestAnimationFrame(() => focusFirstInvalid(formRef.current));
        },
      },
    );
  };

  const failureKey = saveFailureKey(save.error);
  const failure = failureKey ? t(failureKey) : undefined;

  return (
    <form ref={formRef} className="section-stack" noValidate onSubmit={submit}>
      <UnsavedChangesGuard dirty={dirty && !save.isPending} />
      <div className="page-head">
        <h1>{title}</h1>
        {canEdit && (
          <button type="submit" className="button" disabled={save.isPending}>
            {t('staff.save')}
          </button>
        )}
      </div>
      {intro}
      {!canEdit && <p className="notice">{t('admin.readOnly')}</p>}
      <FormAlert message={failure} />
      {children(editor)}
      {canEdit && (
        <div className="actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('staff.save')}
          </button>
        </div>
      )}
      <ShortenRetentionDialog changes={shortening} busy={save.isPending} onConfirm={send} onCancel={() => setShortening([])} />
    </form>
  );
}
