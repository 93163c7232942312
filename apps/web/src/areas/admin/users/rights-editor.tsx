import { ADMIN_AREAS, ADMIN_PRESETS, PRESET_RIGHTS, NO_RIGHTS, type AdminPreset, type AdminRights } from '@prsp/contracts';
import { SelectField } from '@/components/ui/form-fields';
import { useTranslation } from '@/lib/i18n';

/** The rights a preset gives; Custom keeps what was set. Used to show the matrix for any preset. */
export function rightsFor(preset: AdminPreset, custom: AdminRights | undefined): AdminRights {
  return preset === 'custom' ? (custom ?? NO_RIGHTS) : PRESET_RIGHTS[preset];
}

/**
 * Spec §6: presets Booker, Organization Admin, Operational Admin and Custom; rights set separately
 * for viewing and editing each area. A preset's matrix is shown read-only; Custom is set box by box.
 */
export function PresetAndRights({
  preset,
  rights,
  onChange,
  idPrefix,
}: {
  preset: AdminPreset;
  rights: AdminRights | undefined;
  onChange: (preset: AdminPreset, rights: AdminRights | undefined) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const shown = rightsFor(preset, rights);
  const custom = preset === 'custom';
  const set = (area: (typeof ADMIN_AREAS)[number], need: 'view' | 'edit', on: boolean) => {
    const next = { ...shown, [area]: { ...shown[area], [need]: on } };
    // Editing implies viewing; taking viewing away takes editing with it.
    if (need === 'edit' && on) next[area].view = true;
    if (need === 'view' && !on) next[area].edit = false;
    onChange('custom', next);
  };
  return (
    <>
      <SelectField
        label={t('admin.users.preset')}
        value={preset}
        onChange={(v) => onChange(v as AdminPreset, v === 'custom' ? shown : undefined)}
        options={ADMIN_PRESETS.map((p) => ({ value: p, label: t(`admin.presets.${p}`) }))}
      />
      <div className="table-wrap">
        <table className="data compact">
          <caption>{t(custom ? 'admin.users.rightsCustom' : 'admin.users.rightsOfPreset')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.users.area')}</th>
              <th scope="col">{t('admin.users.view')}</th>
              <th scope="col">{t('admin.users.editRight')}</th>
            </tr>
          </thead>
          <tbody>
            {ADMIN_AREAS.map((area) => (
              <tr key={area}>
                <th scope="row" id={`${idPrefix}-${area}`}>
                  {t(`admin.areas.${area}`)}
                </th>
                {(['view', 'edit'] as const).map((need) => (
                  <td key={need}>
                    <input
                      type="checkbox"
                      aria-label={`${t(`admin.areas.${area}`)}: ${t(need === 'view' ? 'admin.users.view' : 'admin.users.editRight')}`}
                      checked={shown[area][need]}
                      disabled={!custom}
                      onChange={(e) => set(area, need, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
