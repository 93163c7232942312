import { useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod/mini';
import { Link } from 'react-router';
import { FormAlert } from '@/components/ui/form-fields';
import { showToast } from '@/components/ui/toasts';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes';
import { useZodForm } from '@/features/staff/use-zod-form';
import { saveFailureKey } from '@/lib/form-errors';
import { focusFirstInvalid } from '../organisation/organisation-editor';
import { AccessBadges } from './access-badges';
import { CATEGORIES_PATH } from './categories-page';
import { DisableToggle } from './disable-toggle';
import { useLeaveAfterSave } from './use-leave-after-save';
import { useTranslation } from '@/lib/i18n';

type Kind = 'category' | 'subcategory';
/** What the frame needs of the stored category or subcategory being edited. */
type Stored = { name: string; openAccess: boolean; isDisabled: boolean };

/**
 * The editing state of a category or subcategory form: the form, its errors (a changed field drops its own), and a
 * submit that checks the body with the shared schema, saves, says so and goes back to the categories page.
 */
export function useCategoryEditor<F extends FieldValues, B>({
  kind,
  initial,
  isNew,
  toBody,
  schema,
  save,
}: {
  kind: Kind;
  initial: F;
  isNew: boolean;
  toBody: (form: F) => B;
  schema: z.ZodMiniType;
  save: (body: B, callbacks: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const editor = useZodForm<F, B>({ schema, defaultValues: initial, toBody });
  const [leaving, leave] = useLeaveAfterSave();
  const focusInvalid = () => requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  const set = <K extends keyof F & string>(key: K, value: F[K]) => editor.set(key as never, value as never);
  const submit = (e: FormEvent) =>
    editor.submit(
      e,
      (body) =>
        save(body, {
          onSuccess: () => {
            showToast(t(`admin.messages.${kind}.${isNew ? 'created' : 'saved'}`));
            leave(CATEGORIES_PATH);
          },
          onError: (err) => {
            editor.showServerErrors(err);
            focusInvalid();
          },
        }),
      focusFirstInvalid,
    );
  const dirty = editor.dirty && !leaving;
  return { form: editor.values, set, errors: editor.errors, formRef, submit, dirty };
}

/**
 * The page around a category or subcategory form: back link, title with the access badges, read-only and disabled
 * notices, the fields, Save, and the disable toggle for a stored one.
 */
export function CategoryFormFrame({
  kind,
  stored,
  intro,
  canEdit,
  formRef,
  onSubmit,
  dirty,
  save,
  toggle,
  children,
}: {
  kind: Kind;
  stored?: Stored;
  intro?: ReactNode;
  canEdit: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (e: FormEvent) => void;
  dirty: boolean;
  save: { isPending: boolean; error: unknown };
  toggle: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`admin.messages.${kind}.${stored ? 'editTitle' : 'addTitle'}`);
  const failureKey = saveFailureKey(save.error);
  return (
    <div className="section-stack">
      <form ref={formRef} className="section-stack" noValidate onSubmit={onSubmit}>
        <UnsavedChangesGuard dirty={dirty && !save.isPending} />
        <p>
          <Link to={CATEGORIES_PATH}>{t('admin.messages.back')}</Link>
        </p>
        <div className="page-head">
          <h1>{title}</h1>
          {stored && <AccessBadges openAccess={stored.openAccess} isDisabled={stored.isDisabled} />}
        </div>
        {intro}
        {!canEdit && <p className="notice">{t('admin.readOnly')}</p>}
        {stored?.isDisabled && <p className="notice">{t(`admin.messages.${kind}.disabledNotice`)}</p>}
        <FormAlert message={failureKey ? t(failureKey) : undefined} />
        <fieldset className="card form" disabled={!canEdit}>
          <legend className="visually-hidden">{title}</legend>
          {children}
        </fieldset>
        {canEdit && (
          <div className="actions">
            <button type="submit" className="button" disabled={save.isPending}>
              {t('staff.save')}
            </button>
          </div>
        )}
      </form>
      {canEdit && stored && (
        <section className="card actions">
          <DisableToggle kind={kind} name={stored.name} isDisabled={stored.isDisabled} toggle={toggle} />
        </section>
      )}
    </div>
  );
}
