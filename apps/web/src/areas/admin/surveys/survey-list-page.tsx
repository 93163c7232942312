import './surveys-admin-texts';
import './surveys-admin.css';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StaffUserData, SurveyTemplateListItem } from '@prsp/contracts';
import { DataTable } from '@/components/ui/data-table';
import { CheckboxField, FormAlert } from '@/components/ui/form-fields';
import { showToast } from '@/components/ui/toasts';
import { errorKeyOf } from '@/lib/form-errors';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { surveyEditPath } from './survey-paths';
import { useArchiveSurveyTemplate, useSurveyTemplates } from './surveys-admin-api';

function ArchiveButton({ template, name }: { template: SurveyTemplateListItem; name: string }) {
  const { t } = useTranslation();
  const archive = useArchiveSurveyTemplate();
  const toArchive = !template.isArchived;
  const run = () =>
    archive.mutate(
      { id: template.id, archive: toArchive },
      {
        onSuccess: () => showToast(t(toArchive ? 'surveysAdmin.list.archivedToast' : 'surveysAdmin.list.restoredToast')),
        onError: (err) => showToast(t(errorKeyOf(err)), 'error'),
      },
    );
  return (
    <button
      type="button"
      className="button small secondary"
      disabled={archive.isPending}
      aria-label={t(toArchive ? 'surveysAdmin.list.archiveNamed' : 'surveysAdmin.list.restoreNamed', { name })}
      onClick={run}
    >
      {t(toArchive ? 'surveysAdmin.list.archive' : 'surveysAdmin.list.restore')}
    </button>
  );
}

/** `/admin/surveys`: the survey templates the admin works with (docs/surveys.md 'Templates and the builder'). */
export function SurveyListPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('surveysAdmin.list.title'));
  const [showArchived, setShowArchived] = useState(false);
  const templates = useSurveyTemplates(true);
  const canEdit = user.rights.serviceSettings.edit;
  const lang = currentLanguage();
  const rows = templates.data?.filter((x) => showArchived || !x.isArchived);
  const columns = ['name', 'kind', 'version', 'inUse', 'actions'].map((c) => t(`surveysAdmin.list.${c}`));
  return (
    <div className="section-stack">
      <div className="page-head">
        <h1>{t('surveysAdmin.list.title')}</h1>
        {canEdit && (
          <Link className="button" to={surveyEditPath()}>
            {t('surveysAdmin.list.add')}
          </Link>
        )}
      </div>
      <p>{t('surveysAdmin.list.intro')}</p>
      {!canEdit && <p className="notice">{t('admin.readOnly')}</p>}
      <CheckboxField label={t('surveysAdmin.list.showArchived')} checked={showArchived} onChange={setShowArchived} />
      <FormAlert message={templates.isError ? t('staff.loadError') : undefined} />
      <DataTable
        rows={rows}
        failed={templates.isError}
        empty={t('surveysAdmin.list.none')}
        caption={t('surveysAdmin.list.caption')}
        columns={columns}
      >
        {(x) => {
          const name = x.name[lang];
          const editable = canEdit && x.editable;
          return (
            <tr key={x.id}>
              <td>
                <span className="survey-name">{name}</span>
                <span className="status-group">
                  {x.isGlobal && (
                    <span className="status">
                      {t('surveysAdmin.list.global')}
                      {x.shared ? `, ${t('surveysAdmin.list.shared')}` : ''}
                    </span>
                  )}
                  {x.isArchived && <span className="status inactive">{t('surveysAdmin.list.archived')}</span>}
                </span>
              </td>
              <td>{t(`surveysAdmin.kinds.${x.kind}`)}</td>
              <td>{x.version}</td>
              <td>{t(x.inUse ? 'surveysAdmin.list.yes' : 'surveysAdmin.list.no')}</td>
              <td>
                <span className="actions">
                  <Link
                    className="button small secondary"
                    to={surveyEditPath(x.id)}
                    aria-label={t(editable ? 'surveysAdmin.list.editNamed' : 'surveysAdmin.list.viewNamed', { name })}
                  >
                    {t(editable ? 'surveysAdmin.list.edit' : 'surveysAdmin.list.view')}
                  </Link>
                  {editable && <ArchiveButton template={x} name={name} />}
                </span>
              </td>
            </tr>
          );
        }}
      </DataTable>
    </div>
  );
}
