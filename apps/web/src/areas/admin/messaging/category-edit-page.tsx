import { useSearchParams } from 'react-router';
import { ZCategoryInput, type Category, type StaffUserData } from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { FormAlert } from '@/components/ui/form-fields';
import { LocalizedFields } from '@/components/ui/localized-fields';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { CategoryFormFrame, useCategoryEditor } from './category-form-frame';
import { categoryBody, initialCategoryForm, toggledCategory, type CategoryForm } from './category-form-model';
import { useMessageCategories, useSaveCategory } from './messaging-admin-api';

/** The open-or-restricted choice of a category or subcategory (spec §3 'openAccess'). */
export function AccessField({ value, onChange }: { value: boolean; onChange: (openAccess: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('admin.messages.access')}</legend>
      {[true, false].map((open) => (
        <label key={String(open)} className="check">
          <input type="radio" name="access" checked={value === open} onChange={() => onChange(open)} />
          <span>{t(open ? 'admin.messages.openAccess' : 'admin.messages.restrictedAccess')}</span>
        </label>
      ))}
    </fieldset>
  );
}

function CategoryFormView({ category, canEdit }: { category?: Category; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSaveCategory();
  const toggle = useSaveCategory();
  const { form, set, errors, formRef, submit, dirty } = useCategoryEditor({
    kind: 'category',
    initial: initialCategoryForm(category),
    isNew: !category,
    toBody: (form: CategoryForm) => categoryBody(form, category?.isDisabled ?? false),
    schema: ZCategoryInput,
    save: (body, callbacks) => save.mutate({ id: category?.id, body }, callbacks),
  });
  return (
    <CategoryFormFrame
      kind="category"
      stored={category && { ...category, name: category.name[currentLanguage()] }}
      canEdit={canEdit}
      formRef={formRef}
      onSubmit={submit}
      dirty={dirty}
      save={save}
      toggle={() => toggle.mutateAsync({ id: category!.id, body: toggledCategory(category!) })}
    >
      <LocalizedFields
        legend={t('admin.messages.category.name')}
        value={form.name}
        onChange={(name) => set('name', name)}
        errors={errors}
        path="name"
      />
      <AccessField value={form.openAccess} onChange={(openAccess) => set('openAccess', openAccess)} />
      <LocalizedFields
        legend={t('admin.messages.category.answerPromise')}
        hint={t('admin.messages.category.answerPromiseHint')}
        value={form.answerPromise}
        onChange={(answerPromise) => set('answerPromise', answerPromise)}
        errors={errors}
        path="answerPromise"
      />
    </CategoryFormFrame>
  );
}

/** `/admin/messages/category/edit` (`?id=` to edit): a category's names in fi, sv and en, its access and its answer promise. */
export function CategoryEditPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  usePageTitle(t(id ? 'admin.messages.category.editTitle' : 'admin.messages.category.addTitle'));
  const categories = useMessageCategories();
  const canEdit = user.rights.serviceSettings.edit;
  if (!id) return <CategoryFormView key="new" canEdit={canEdit} />;
  if (categories.isError) return <FormAlert message={t('staff.loadError')} />;
  if (!categories.data) return <Loading />;
  const category = categories.data.find((c) => c.id === id);
  if (!category) return <FormAlert message={t('admin.messages.notFound')} />;
  return <CategoryFormView key={category.id} category={category} canEdit={canEdit} />;
}
