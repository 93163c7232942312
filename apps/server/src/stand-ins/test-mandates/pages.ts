import type { Language } from '@prsp/contracts';
import type { TestPerson } from '../test-idp/test-persons';
import { escapeHtml } from '../test-idp/pages';
import { languageTag } from '@prsp/contracts';

const TEXT = {
  fi: {
    title: 'Testivaltuudet',
    service: 'Etävastaanotto',
    intro: 'Tämä on kehitys- ja testikäyttöön tarkoitettu valtuuspalvelu. Valitse, kenen puolesta haluat asioida.',
    choose: 'Kenen puolesta asioit?',
    submit: 'Jatka',
    none: 'Sinulla ei ole valtuuksia asioida kenenkään puolesta tässä palvelussa.',
    back: 'Palaa palveluun',
    cancel: 'Peruuta',
    required: 'Valitse henkilö.',
    expired: 'Valinta on vanhentunut. Palaa palveluun ja aloita uudelleen.',
  },
  se: {
    title: 'Testfullmakter',
    service: 'Distansmottagning',
    intro: 'Detta är en fullmaktstjänst för utveckling och test. Välj för vems räkning du vill uträtta ärenden.',
    choose: 'För vems räkning uträttar du ärenden?',
    submit: 'Fortsätt',
    none: 'Du har inga fullmakter att uträtta ärenden för någon annan i den här tjänsten.',
    back: 'Återvänd till tjänsten',
    cancel: 'Avbryt',
    required: 'Välj en person.',
    expired: 'Valet har gått ut. Återvänd till tjänsten och börja om.',
  },
  en: {
    title: 'Test mandates',
    service: 'Remote reception',
    intro: 'This mandate service is for development and testing. Choose on whose behalf you want to act.',
    choose: 'On whose behalf are you acting?',
    submit: 'Continue',
    none: 'You have no mandates to act on anyone’s behalf in this service.',
    back: 'Return to the service',
    cancel: 'Cancel',
    required: 'Choose a person.',
    expired: 'The choice has expired. Return to the service and start again.',
  },
} satisfies Record<Language, Record<string, string>>;

function page(lang: Language, body: string): string {
  const t = TEXT[lang];
  return `<!doctype html>
<html lang="${languageTag(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title} – ${t.service}</title><link rel="stylesheet" href="/test-mandates/style.css"></head>
<body><main>
<h1>${t.title}</h1>
${body}
</main></body></html>`;
}

/**
 * The selection page: the delegate's principals as radio buttons, or a note that there are none with a
 * way back. No script at all, so the strict CSP holds; every control has a label.
 */
export function choosePage(opts: { action: string; lang: Language; principals: readonly TestPerson[]; error?: boolean }): string {
  const t = TEXT[opts.lang];
  const action = escapeHtml(opts.action);
  const cancel = (label: string, cls = 'secondary') =>
    `<form method="post" action="${action}"><input type="hidden" name="cancel" value="1"><button type="submit" class="${cls}">${label}</button></form>`;
  if (opts.principals.length === 0) return page(opts.lang, `<p>${t.none}</p>\n${cancel(t.back, 'primary')}`);
  const options = opts.principals
    .map((p, i) => {
      const id = `principal-${i}`;
      return `<li><input type="radio" id="${id}" name="principal" value="${escapeHtml(p.ssn)}"${i === 0 ? ' required' : ''}${opts.error ? ' aria-describedby="choose-error"' : ''}>
<label for="${id}">${escapeHtml(p.givenName)} ${escapeHtml(p.familyName)} <span class="ssn">${escapeHtml(p.ssn)}</span></label></li>`;
    })
    .join('\n');
  return page(
    opts.lang,
    `<p>${t.intro}</p>
<form method="post" action="${action}">
<fieldset><legend><h2>${t.choose}</h2></legend>
${opts.error ? `<p role="alert" class="error" id="choose-error">${t.required}</p>` : ''}
<ul class="principals">${options}</ul>
</fieldset>
<button type="submit" class="primary">${t.submit}</button>
</form>
${cancel(t.cancel)}`,
  );
}

/** Shown when the selection is gone (expired or already used): nothing to redirect to safely. */
export function expiredPage(lang: Language): string {
  return page(lang, `<p role="alert" class="error">${TEXT[lang].expired}</p>`);
}

export const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1b1f24}
main{max-width:32rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin:0}
fieldset{border:0;padding:0;margin:0 0 1rem}legend{padding:0;margin-bottom:.75rem}
ul.principals{list-style:none;padding:0;display:grid;gap:.5rem}
ul.principals li{display:flex;align-items:center;gap:.6rem;background:#fff;border:1px solid #5a6570;border-radius:.5rem;padding:.6rem .8rem}
input[type=radio]{width:1.3rem;height:1.3rem;margin:0}
label{flex:1}
.ssn{float:right;font-family:monospace}
button{font:inherit;padding:.75rem 1rem;border-radius:.5rem;border:2px solid #0b4f8a;cursor:pointer;width:100%}
button.primary{background:#0b4f8a;color:#fff}
button.secondary{background:#fff;color:#0b4f8a;margin-top:1rem}
button:focus-visible,input:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.error{color:#a4000f;font-weight:600}`;
