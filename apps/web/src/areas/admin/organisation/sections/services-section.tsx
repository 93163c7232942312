import { Link } from 'react-router';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { Editor } from '../organisation-editor';

/** Spec §2 'services': the organisation's services in the order patients see them; each opens its own form. */
export function ServicesSection({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const summaries = new Map((editor.organisation?.services ?? []).map((s) => [s.id, s]));
  const order = editor.draft.json.services;
  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    editor.setJson('services', next);
  };
  return (
    <section className="card" aria-labelledby="org-services">
      <div className="page-head">
        <h2 id="org-services">{t('admin.org.services.title')}</h2>
        {!editor.readOnly && (
          <Link className="button secondary" to="/admin/addEditService">
            {t('admin.org.services.add')}
          </Link>
        )}
      </div>
      {order.length === 0 ? (
        <p>{t('admin.org.services.none')}</p>
      ) : (
        <ol className="ordered-list">
          {order.map(({ id }, index) => {
            const service = summaries.get(id);
            const name = service?.name[lang] ?? id;
            return (
              <li key={id}>
                <span className="grow">
                  <strong>{name}</strong>
                  {service && (
                    <span className="hint block">
                      {t(`admin.icons.${service.icon}`)} · {t('admin.org.services.queue', { queue: service.chatQueueId })}
                      {service.requiresCode ? ` · ${t('admin.org.services.requiresCode')}` : ''}
                    </span>
                  )}
                </span>
                <span className="actions">
                  <Link to={`/admin/addEditService?id=${encodeURIComponent(id)}`} aria-label={t('admin.org.services.editNamed', { name })}>
                    {t('staff.edit')}
                  </Link>
                  {!editor.readOnly && (
                    <>
                      <button
                        type="button"
                        className="button small secondary"
                        disabled={index === 0}
                        aria-label={t('admin.org.services.moveUp', { name })}
                        onClick={() => move(index, -1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="button small secondary"
                        disabled={index === order.length - 1}
                        aria-label={t('admin.org.services.moveDown', { name })}
                        onClick={() => move(index, 1)}
                      >
                        ↓
                      </button>
                    </>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
