import { usePageTitle } from '@/lib/use-page-title';
import { LANGUAGES, type StaffUserData } from '@prsp/contracts';
import { useFieldText } from '@/lib/field-text';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { LocalizedFields } from '@/components/ui/localized-fields';
import { OrganisationPageForm, type Editor } from '../organisation/organisation-editor';
import { LinkListEditor } from './link-list-editor';
import { MAX_SELECTED_BUTTONS, newButton, redirectionSelectionError, toggleSelected } from './redirection-rules';
import { useTranslation } from '@/lib/i18n';

function ButtonsEditor({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const { draft, errors, setJson, readOnly } = editor;
  const buttons = draft.json.redirectionButtons;
  const selected = draft.json.redirectionSelectedButtons;
  const primary = draft.json.redirectionPrimaryButtons;
  const selectionError =
    errors.redirectionSelectedButtons ?? errors.redirectionPrimaryButtons ?? redirectionSelectionError(selected, primary);

  const setSelection = (next: { selected: string[]; primary: string[] }) => {
    setJson('redirectionSelectedButtons', next.selected);
    setJson('redirectionPrimaryButtons', next.primary);
  };

  return (
    <section className="card" aria-labelledby="ty-buttons">
      <h2 id="ty-buttons">{t('admin.thankYou.buttonsTitle')}</h2>
      <p id="ty-buttons-hint">{t('admin.thankYou.buttonsText', { max: MAX_SELECTED_BUTTONS })}</p>
      {selectionError && (
        <p className="group-error" role="alert">
          {fieldText(selectionError)}
        </p>
      )}
      <div className="form">
        {buttons.map((button, index) => {
          const isSelected = selected.includes(button.id);
          return (
            <fieldset key={button.id} disabled={readOnly} className="form">
              <legend>{t('admin.thankYou.button', { n: index + 1 })}</legend>
              {LANGUAGES.map((lang) => (
                <div key={lang} className="form-grid">
                  <TextField
                    label={t('admin.thankYou.buttonText', { lang: t(`ui.languageNames.${lang}`) })}
                    value={button.details[lang].text}
                    onChange={(text) =>
                      setJson(
                        'redirectionButtons',
                        buttons.map((b) =>
                          b.id === button.id ? { ...b, details: { ...b.details, [lang]: { ...b.details[lang], text } } } : b,
                        ),
                      )
                    }
                    error={errors[`redirectionButtons.${index}.details.${lang}.text`]}
                    required
                  />
                  <TextField
                    label={t('admin.thankYou.buttonUrl', { lang: t(`ui.languageNames.${lang}`) })}
                    type="url"
                    value={button.details[lang].url}
                    onChange={(url) =>
                      setJson(
                        'redirectionButtons',
                        buttons.map((b) =>
                          b.id === button.id ? { ...b, details: { ...b.details, [lang]: { ...b.details[lang], url } } } : b,
                        ),
                      )
                    }
                    error={errors[`redirectionButtons.${index}.details.${lang}.url`]}
                    required
                  />
                </div>
              ))}
              <CheckboxField
                label={t('admin.thankYou.show')}
                checked={isSelected}
                disabled={!isSelected && selected.length >= MAX_SELECTED_BUTTONS}
                hint={
                  !isSelected && selected.length >= MAX_SELECTED_BUTTONS
                    ? t('admin.thankYou.maxReached', { max: MAX_SELECTED_BUTTONS })
                    : undefined
                }
                onChange={(on) => setSelection(toggleSelected(selected, primary, button.id, on))}
              />
              <CheckboxField
                label={t('admin.thankYou.primary')}
                checked={primary.includes(button.id)}
                disabled={!isSelected}
                onChange={(on) => setSelection({ selected, primary: on ? [button.id] : [] })}
              />
              <div>
                <button
                  type="button"
                  className="button small secondary"
                  onClick={() => {
                    setJson(
                      'redirectionButtons',
                      buttons.filter((b) => b.id !== button.id),
                    );
                    setSelection(toggleSelected(selected, primary, button.id, false));
                  }}
                >
                  {t('admin.thankYou.removeButton', { n: index + 1 })}
                </button>
              </div>
            </fieldset>
          );
        })}
        {!readOnly && (
          <div>
            <button
              type="button"
              className="button secondary"
              onClick={() => setJson('redirectionButtons', [...buttons, newButton(buttons)])}
            >
              {t('admin.thankYou.addButton')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

/** `/admin/thankYou`: spec §2 'Thank-you and redirection page'. */
export function ThankYouPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.thankYou'));
  return (
    <OrganisationPageForm
      organisationId={user.organisation!.id}
      canEdit={user.rights.serviceSettings.edit}
      title={t('admin.thankYou.title')}
      intro={<p>{t('admin.thankYou.intro')}</p>}
      fields={{
        json: [
          'thankYouText',
          'redirectionLinksHeadline',
          'redirectionLinks',
          'redirectionLinksHeadlineSecond',
          'redirectionLinksSecond',
          'redirectionButtons',
          'redirectionSelectedButtons',
          'redirectionPrimaryButtons',
        ],
      }}
    >
      {(editor) => {
        const { bindJson } = editor;
        return (
          <>
            <section className="card form" aria-labelledby="ty-text">
              <h2 id="ty-text">{t('admin.thankYou.textTitle')}</h2>
              <LocalizedFields legend={t('admin.thankYou.text')} multiline rows={2} {...bindJson('thankYouText')} />
            </section>
            <section className="card form" aria-labelledby="ty-first">
              <h2 id="ty-first">{t('admin.thankYou.firstSection')}</h2>
              <LocalizedFields legend={t('admin.thankYou.headline')} {...bindJson('redirectionLinksHeadline')} />
              <LinkListEditor legend={t('admin.thankYou.links')} {...bindJson('redirectionLinks')} />
            </section>
            <section className="card form" aria-labelledby="ty-second">
              <h2 id="ty-second">{t('admin.thankYou.secondSection')}</h2>
              <LocalizedFields legend={t('admin.thankYou.headline')} {...bindJson('redirectionLinksHeadlineSecond')} />
              <LinkListEditor legend={t('admin.thankYou.links')} {...bindJson('redirectionLinksSecond')} />
            </section>
            <ButtonsEditor editor={editor} />
          </>
        );
      }}
    </OrganisationPageForm>
  );
}
