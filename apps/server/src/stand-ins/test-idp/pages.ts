import { toLanguage, type Language, languageTag } from '@prsp/contracts';
import type { TestPerson } from './test-persons';

const TEXT = {
  fi: {
    title: 'Testitunnistus',
    service: 'Etävastaanotto',
    intro: 'Tämä on kehitys- ja testikäyttöön tarkoitettu tunnistuspalvelu. Valitse testihenkilö tai kirjoita henkilötunnus.',
    persons: 'Testihenkilöt',
    choose: 'Tunnistaudu',
    other: 'Muu henkilö',
    ssn: 'Henkilötunnus',
    given: 'Etunimi',
    family: 'Sukunimi',
    submit: 'Tunnistaudu',
    cancel: 'Peruuta tunnistautuminen',
    required: 'Henkilötunnus puuttuu.',
    logoutTitle: 'Kirjaudutaan ulos',
    logoutText: 'Tunnistautuminen päättyy, ja palaat palveluun.',
    logoutButton: 'Kirjaudu ulos',
    loggedOut: 'Olet kirjautunut ulos tunnistuspalvelusta.',
  },
  se: {
    title: 'Testidentifiering',
    service: 'Distansmottagning',
    intro: 'Detta är en identifieringstjänst för utveckling och test. Välj en testperson eller skriv en personbeteckning.',
    persons: 'Testpersoner',
    choose: 'Identifiera dig',
    other: 'Annan person',
    ssn: 'Personbeteckning',
    given: 'Förnamn',
    family: 'Efternamn',
    submit: 'Identifiera dig',
    cancel: 'Avbryt identifieringen',
    required: 'Personbeteckningen saknas.',
    logoutTitle: 'Du loggas ut',
    logoutText: 'Identifieringen avslutas och du återvänder till tjänsten.',
    logoutButton: 'Logga ut',
    loggedOut: 'Du har loggat ut från identifieringstjänsten.',
  },
  en: {
    title: 'Test identification',
    service: 'Remote reception',
    intro: 'This identification service is for development and testing. Choose a test person or type a personal identity code.',
    persons: 'Test persons',
    choose: 'Identify',
    other: 'Another person',
    ssn: 'Personal identity code',
    given: 'Given name',
    family: 'Family name',
    submit: 'Identify',
    cancel: 'Cancel identification',
    required: 'The personal identity code is missing.',
    logoutTitle: 'Signing out',
    logoutText: 'The identification ends and you return to the service.',
    logoutButton: 'Sign out',
    loggedOut: 'You have signed out of the identification service.',
  },
} satisfies Record<Language, Record<string, string>>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Picks the page language from the OIDC `ui_locales` parameter (first match), Finnish by default. */
export function pageLanguage(uiLocales: unknown): Language {
  const first =
    typeof uiLocales === 'string'
      ? uiLocales
          .split(' ')
          .map((l) => toLanguage(l.split('-')[0]))
          .find(Boolean)
      : undefined;
  return first ?? 'fi';
}

/** The sign-in page: no script at all, so the strict CSP holds. */
export function loginPage(opts: { uid: string; lang: Language; persons: readonly TestPerson[]; error?: boolean }): string {
  const t = TEXT[opts.lang];
  const action = `/test-idp/interaction/${encodeURIComponent(opts.uid)}`;
  const people = opts.persons
    .map(
      (p) => `<li><form method="post" action="${action}/login"><input type="hidden" name="ssn" value="${escapeHtml(p.ssn)}">
<button type="submit" class="person">${escapeHtml(p.givenName)} ${escapeHtml(p.familyName)} <span class="ssn">${escapeHtml(p.ssn)}</span></button></form></li>`,
    )
    .join('\n');
  const htmlLang = languageTag(opts.lang);
  return `<!doctype html>
<html lang="${htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title} – ${t.service}</title><link rel="stylesheet" href="/test-idp/style.css"></head>
<body><main>
<h1>${t.title}</h1>
<p>${t.intro}</p>
<h2>${t.persons}</h2>
<ul class="persons">${people}</ul>
<h2>${t.other}</h2>
<form method="post" action="${action}/login" class="other">
${opts.error ? `<p role="alert" class="error" id="ssn-error">${t.required}</p>` : ''}
<label for="ssn">${t.ssn}</label><input id="ssn" name="ssn" autocomplete="off"${opts.error ? ' aria-invalid="true" aria-describedby="ssn-error"' : ''}>
<label for="given">${t.given}</label><input id="given" name="givenName" autocomplete="off">
<label for="family">${t.family}</label><input id="family" name="familyName" autocomplete="off">
<button type="submit">${t.submit}</button>
</form>
<form method="post" action="${action}/abort"><button type="submit" class="secondary">${t.cancel}</button></form>
</main></body></html>`;
}

export const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1b1f24}
main{max-width:32rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem}
ul.persons{list-style:none;padding:0;display:grid;gap:.5rem}
button{font:inherit;padding:.75rem 1rem;border-radius:.5rem;border:2px solid #0b4f8a;background:#0b4f8a;color:#fff;cursor:pointer;width:100%;text-align:left}
button.secondary{background:#fff;color:#0b4f8a;margin-top:1.5rem;text-align:center}
button:focus-visible,input:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.ssn{float:right;font-family:monospace}
form.other{display:grid;gap:.4rem}
input{font:inherit;padding:.6rem;border:1px solid #5a6570;border-radius:.4rem}
.error{color:#a4000f;font-weight:600}`;

function page(lang: Language, title: string, body: string, script = ''): string {
  const t = TEXT[lang];
  const htmlLang = languageTag(lang);
  return `<!doctype html>
<html lang="${htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – ${t.service}</title><link rel="stylesheet" href="/test-idp/style.css">${script}</head>
<body><main>
${body}
</main></body></html>`;
}

/**
 * The end-session page of RP-initiated logout. `form` is the provider's own form (its action and xsrf token);
 * `logout=yes` ends the provider's whole session, not only this client's. `/test-idp/logout.js` submits it at
 * once; without script the button does.
 */
export function logoutPage(opts: { form: string; lang: Language }): string {
  const t = TEXT[opts.lang];
  const form = opts.form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return page(
    opts.lang,
    t.logoutTitle,
    `<h1>${t.logoutTitle}</h1>
<p>${t.logoutText}</p>
${form}
<button type="submit" form="op.logoutForm">${t.logoutButton}</button>`,
    '<script src="/test-idp/logout.js" defer></script>',
  );
}

/** Shown after a logout that named no page to return to. */
export function loggedOutPage(opts: { lang: Language }): string {
  const t = TEXT[opts.lang];
  return page(opts.lang, t.logoutTitle, `<h1>${t.loggedOut}</h1>`);
}

export const LOGOUT_SCRIPT = "document.getElementById('op.logoutForm')?.submit();\n";
