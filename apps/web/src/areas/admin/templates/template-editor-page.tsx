import { useState } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import type { StaffUserData } from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { FormAlert } from '@/components/ui/form-fields';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useEmailTemplates } from './email-templates-api';
import { TemplateEditor } from './template-editor';

/** `/admin/templateEditor`: every e-mail kind in every language, default or the organisation's own (spec §2, §4). */
export function TemplateEditorPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.templateEditor'));
  const lang = currentLanguage();
  const templates = useEmailTemplates();
  const [selected, setSelected] = useState<{ kind: string; language: string } | undefined>();
  const canEdit = user.rights.serviceSettings.edit;
  if (templates.isError) return <FormAlert message={t('staff.loadError')} />;
  if (!templates.data) return <Loading />;
  const open = selected && templates.data.templates.find((x) => x.kind === selected.kind && x.language === selected.language);
  if (open)
    return (
      <TemplateEditor
        key={`${open.kind}-${open.language}-${open.source}`}
        template={open}
        canEdit={canEdit}
        onDone={() => setSelected(undefined)}
      />
    );

  return (
    <div className="section-stack">
      <h1>{t('admin.templates.title')}</h1>
      <p>{t('admin.templates.intro')}</p>
      <div className="table-wrap">
        <table className="data">
          <caption className="visually-hidden">{t('admin.templates.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.templates.kind')}</th>
              <th scope="col">{t('admin.templates.language')}</th>
              <th scope="col">{t('admin.templates.source')}</th>
              <th scope="col">{t('admin.templates.subject')}</th>
              <th scope="col">{t('admin.templates.updated')}</th>
              <th scope="col">{t('admin.users.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {templates.data.templates.map((tpl) => {
              const label = `${t(`admin.templates.kinds.${tpl.kind}`)}, ${t(`languages.${tpl.language}`)}`;
              return (
                <tr key={`${tpl.kind}-${tpl.language}`}>
                  <td>{t(`admin.templates.kinds.${tpl.kind}`)}</td>
                  <td>{t(`languages.${tpl.language}`)}</td>
                  <td>{t(`admin.templates.sources.${tpl.source}`)}</td>
                  <td>{tpl.title}</td>
                  <td>{formatDateTime(tpl.updatedAt, lang)}</td>
                  <td>
                    <button
                      type="button"
                      className="button small secondary"
                      aria-label={t('admin.templates.openNamed', {
                        action: t(canEdit ? 'staff.edit' : 'admin.templates.open'),
                        name: label,
                      })}
                      onClick={() => setSelected({ kind: tpl.kind, language: tpl.language })}
                    >
                      {t(canEdit ? 'staff.edit' : 'admin.templates.open')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
