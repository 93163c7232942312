import { Link, useSearchParams } from 'react-router';
import { ZSubcategoryInput, type Category, type StaffUserData, type Subcategory } from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { CheckboxField, FormAlert } from '@/components/ui/form-fields';
import { LocalizedFields } from '@/components/ui/localized-fields';
import { useFieldText } from '@/lib/field-text';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useSpecializations } from '../experts/experts-api';
import { AccessField } from './category-edit-page';
import { CategoryFormFrame, useCategoryEditor } from './category-form-frame';
import { expertChoices, initialSubcategoryForm, subcategoryBody, toggledSubcategory, type SubcategoryForm } from './category-form-model';
import { useMessageCategories, useMessagingExperts, useSaveSubcategory, useSubcategory } from './messaging-admin-api';

export const MESSAGE_EXPERTS_PATH = '/admin/messages/experts';

/** The experts a subcategory's messages go to: chosen among those who handle messages. */
function ExpertsField({ value, onChange, error }: { value: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const lang = currentLanguage();
  const experts = useMessagingExperts();
  const specializations = useSpecializations();
  const specName = new Map((specializations.data ?? []).map((s) => [s.id, s.name[lang]]));
  const choices = expertChoices(experts.data?.experts ?? [], value, lang);
  return (
    <fieldset aria-describedby={error ? 'experts-error' : undefined}>
      <legend>{t('admin.messages.subcategory.experts')}</legend>
      <p className="hint">{t('admin.messages.subcategory.expertsHint')}</p>
      <FormAlert message={experts.isError ? t('staff.loadError') : undefined} />
      {!experts.data ? (
        !experts.isError && <Loading />
      ) : choices.length === 0 ? (
        <p>
          {t('admin.messages.subcategory.noExperts')} <Link to={MESSAGE_EXPERTS_PATH}>{t('admin.messages.subcategory.toExperts')}</Link>
        </p>
      ) : (
        <div className="expert-choices">
          {choices.map((expert) => (
            <CheckboxField
              key={expert.id}
              label={expert.name}
              hint={
                [
                  expert.specializations.map((s) => specName.get(s) ?? s).join(', '),
                  expert.handlesMessages ? '' : t('admin.messages.subcategory.notHandling'),
                ]
                  .filter(Boolean)
                  .join(' · ') || undefined
              }
              checked={value.includes(expert.id)}
              onChange={(on) => onChange(on ? [...value, expert.id] : value.filter((id) => id !== expert.id))}
            />
          ))}
        </div>
      )}
      {error && (
        <p id="experts-error" className="group-error">
          {fieldText(error)}
        </p>
      )}
    </fieldset>
  );
}

function SubcategoryFormView({ category, subcategory, canEdit }: { category: Category; subcategory?: Subcategory; canEdit: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const save = useSaveSubcategory();
  const toggle = useSaveSubcategory();
  const { form, set, errors, formRef, submit, dirty } = useCategoryEditor({
    kind: 'subcategory',
    initial: initialSubcategoryForm(subcategory),
    isNew: !subcategory,
    toBody: (form: SubcategoryForm) => subcategoryBody(form, subcategory?.isDisabled ?? false),
    schema: ZSubcategoryInput,
    save: (body, callbacks) => save.mutate(subcategory ? { id: subcategory.id, body } : { categoryId: category.id, body }, callbacks),
  });
  return (
    <CategoryFormFrame
      kind="subcategory"
      stored={subcategory && { ...subcategory, name: subcategory.name[lang] }}
      intro={<p>{t('admin.messages.subcategory.inCategory', { name: category.name[lang] })}</p>}
      canEdit={canEdit}
      formRef={formRef}
      onSubmit={submit}
      dirty={dirty}
      save={save}
      toggle={() => toggle.mutateAsync({ id: subcategory!.id, body: toggledSubcategory(subcategory!) })}
    >
      <LocalizedFields
        legend={t('admin.messages.subcategory.name')}
        value={form.name}
        onChange={(name) => set('name', name)}
        errors={errors}
        path="name"
      />
      <AccessField value={form.openAccess} onChange={(openAccess) => set('openAccess', openAccess)} />
      <ExpertsField value={form.addedExperts} onChange={(ids) => set('addedExperts', ids)} error={errors.addedExperts} />
    </CategoryFormFrame>
  );
}

/**
 * `/admin/messages/subcategory/edit` (`?categoryId=` to create, `?id=` to edit): names in fi, sv and en, access,
 * the experts who answer, and disabling after a confirmation (spec §4).
 */
export function SubcategoryEditPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  usePageTitle(t(id ? 'admin.messages.subcategory.editTitle' : 'admin.messages.subcategory.addTitle'));
  const categories = useMessageCategories();
  const subcategory = useSubcategory(id);
  const canEdit = user.rights.serviceSettings.edit;
  if (categories.isError || subcategory.isError) return <FormAlert message={t('staff.loadError')} />;
  if (!categories.data || (id && !subcategory.data)) return <Loading />;
  const categoryId = subcategory.data?.categoryId ?? params.get('categoryId');
  const category = categories.data.find((c) => c.id === categoryId);
  if (!category) return <FormAlert message={t('admin.messages.notFound')} />;
  return <SubcategoryFormView key={id ?? `new:${category.id}`} category={category} subcategory={subcategory.data} canEdit={canEdit} />;
}
