import { Link } from 'react-router';
import type { Category, StaffUserData } from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { FormAlert } from '@/components/ui/form-fields';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { AccessBadges } from './access-badges';
import { useMessageCategories } from './messaging-admin-api';

export const CATEGORIES_PATH = '/admin/messages/categories';
export const categoryEditPath = (id?: string) => `/admin/messages/category/edit${id ? `?id=${id}` : ''}`;
export const subcategoryEditPath = (to: { id: string } | { categoryId: string }) =>
  `/admin/messages/subcategory/edit?${'id' in to ? `id=${to.id}` : `categoryId=${to.categoryId}`}`;

function CategoryCard({ category, canEdit }: { category: Category; canEdit: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const name = category.name[lang];
  const subcategories = category.subcategories ?? [];
  const headingId = `category-${category.id}`;
  return (
    <section className="card section-stack" aria-labelledby={headingId}>
      <div className="page-head">
        <h2 id={headingId}>{name}</h2>
        <AccessBadges openAccess={category.openAccess} isDisabled={category.isDisabled} />
      </div>
      {canEdit && (
        <div className="actions">
          <Link
            className="button small secondary"
            to={categoryEditPath(category.id)}
            aria-label={t('admin.messages.categories.editNamed', { name })}
          >
            {t('staff.edit')}
          </Link>
          <Link
            className="button small secondary"
            to={subcategoryEditPath({ categoryId: category.id })}
            aria-label={t('admin.messages.categories.addSubcategoryNamed', { name })}
          >
            {t('admin.messages.categories.addSubcategory')}
          </Link>
        </div>
      )}
      {subcategories.length === 0 ? (
        <p className="hint">{t('admin.messages.categories.noSubcategories')}</p>
      ) : (
        <ul className="item-rows" aria-label={t('admin.messages.categories.subcategoriesOf', { name })}>
          {subcategories.map((sub) => (
            <li key={sub.id}>
              <span className="item-name">{sub.name[lang]}</span>
              <AccessBadges openAccess={sub.openAccess} isDisabled={sub.isDisabled} />
              <span className="hint">
                {sub.addedExperts.length === 0
                  ? t('admin.messages.categories.noExperts')
                  : t('admin.messages.categories.experts', { count: sub.addedExperts.length })}
              </span>
              {canEdit && (
                <Link
                  className="button small secondary"
                  to={subcategoryEditPath({ id: sub.id })}
                  aria-label={t('admin.messages.categories.editSubcategoryNamed', { name: sub.name[lang] })}
                >
                  {t('staff.edit')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `/admin/messages/categories`: the categories with their subcategories (spec §2, §3 'Category', 'Subcategory'). */
export function MessageCategoriesPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.messageCategories'));
  const categories = useMessageCategories();
  const canEdit = user.rights.serviceSettings.edit;
  return (
    <div className="section-stack">
      <div className="page-head">
        <h1>{t('admin.messages.categories.title')}</h1>
        {canEdit && (
          <Link className="button" to={categoryEditPath()}>
            {t('admin.messages.categories.add')}
          </Link>
        )}
      </div>
      <p>{t('admin.messages.categories.intro')}</p>
      {!canEdit && <p className="notice">{t('admin.readOnly')}</p>}
      <FormAlert message={categories.isError ? t('staff.loadError') : undefined} />
      {categories.data ? (
        categories.data.length === 0 ? (
          <p className="empty">{t('admin.messages.categories.none')}</p>
        ) : (
          categories.data.map((c) => <CategoryCard key={c.id} category={c} canEdit={canEdit} />)
        )
      ) : (
        !categories.isError && <Loading />
      )}
    </div>
  );
}
