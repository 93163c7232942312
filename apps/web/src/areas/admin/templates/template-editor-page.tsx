import { Link, useParams } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';
import type { StaffUserData } from '@prsp/contracts';
import { Loading, NotFound } from '@/components/route-fallbacks';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert } from '@/components/ui/form-fields';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useEmailTemplates } from './email-templates-api';
import { TemplateEditor } from './template-editor';
import { TEMPLATES_PATH, templatePath } from './template-paths';

/**
 * `/admin/templateEditor`: every e-mail kind in every language, default or the organisation's own (spec §2, §4);
 * `/admin/templateEditor/{kind}/{language}`: one of them in the editor.
 */
export function TemplateEditorPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.templateEditor'));
  const lang = currentLanguage();
  const { kind, language } = useParams();
  const templates = useEmailTemplates();
  const canEdit = user.rights.serviceSettings.edit;
  if (templates.isError) return <FormAlert message={t('staff.loadError')} />;
  if (!templates.data) return <Loading />;
  if (kind || language) {
    const open = templates.data.templates.find((x) => x.kind === kind && x.language === language);
    if (!open) return <NotFound home={TEMPLATES_PATH} />;
    return <TemplateEditor key={`${open.kind}-${open.language}-${open.source}`} template={open} canEdit={canEdit} />;
  }

  return (
    <div className="section-stack">
      <h1>{t('admin.templates.title')}</h1>
      <p>{t('admin.templates.intro')}</p>
      {/* On a phone each template is a card with "Muokkaa" in reach, not a row scrolled off the screen's edge. */}
      <DataTable
        rows={templates.data.templates}
        failed={false}
        empty=""
        caption={t('admin.templates.title')}
        columns={[
          t('admin.templates.kind'),
          t('admin.templates.language'),
          t('admin.templates.source'),
          t('admin.templates.subject'),
          t('admin.templates.updated'),
          t('admin.users.actions'),
        ]}
      >
        {(tpl) => {
          const label = `${t(`admin.templates.kinds.${tpl.kind}`)}, ${t(`languages.${tpl.language}`)}`;
          return (
            <tr key={`${tpl.kind}-${tpl.language}`}>
              <td>{t(`admin.templates.kinds.${tpl.kind}`)}</td>
              <td>{t(`languages.${tpl.language}`)}</td>
              <td>{t(`admin.templates.sources.${tpl.source}`)}</td>
              <td>{tpl.title}</td>
              <td>{formatDateTime(tpl.updatedAt, lang)}</td>
              <td>
                <Link
                  className="button small secondary"
                  to={templatePath(tpl)}
                  aria-label={t('admin.templates.openNamed', {
                    action: t(canEdit ? 'staff.edit' : 'admin.templates.open'),
                    name: label,
                  })}
                >
                  {t(canEdit ? 'staff.edit' : 'admin.templates.open')}
                </Link>
              </td>
            </tr>
          );
        }}
      </DataTable>
    </div>
  );
}
