import { formatInstant, type CaughtEmail, type CaughtEmailSummary, type CaughtSms } from '@prsp/contracts';
import { escapeHtml } from '../../platform/mail/templates/render';

/** The inbox pages' stylesheet, served at `INBOX_STYLESHEET_PATH`: the CSP allows no inline style. */
export const INBOX_STYLE = `
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; line-height: 1.5; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #ccc; vertical-align: top; }
pre { white-space: pre-wrap; word-break: break-word; background: #f4f4f4; padding: 1rem; }
a { color: #0b4f8a; }
a:focus, input:focus, button:focus { outline: 3px solid #0b4f8a; outline-offset: 2px; }
label, input, button { font-size: 1rem; }
.note { color: #4a4a4a; }
`;

export const INBOX_STYLESHEET_PATH = '/dev/inbox/style.css';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fi">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} – PRSP</title><link rel="stylesheet" href="${INBOX_STYLESHEET_PATH}"></head>
<body><main>
${body}
</main></body>
</html>`;
}

function when(iso: string): string {
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(formatInstant(new Date(iso), 'fi', 'seconds'))}</time>`;
}

/** The SMS sink's messages, newest first, as a section of the inbox page. */
function smsSection(sms: CaughtSms[]): string {
  const rows = sms
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.from)}</td><td>${escapeHtml(m.text)}</td><td>${when(m.receivedAt)}</td></tr>`,
    )
    .join('\n');
  const table = sms.length
    ? `<table><caption class="note">${sms.length} tekstiviestiä, uusin ensin</caption>
<thead><tr><th scope="col">Vastaanottaja</th><th scope="col">Lähettäjä</th><th scope="col">Viesti</th><th scope="col">Vastaanotettu</th></tr></thead>
<tbody>${rows}</tbody></table>`
    : '<p>Ei tekstiviestejä.</p>';
  return `<h2>Tekstiviestit</h2>
<p class="note">Palvelun sisäänrakennettu tekstiviestinielu (vain demo- ja testikäyttöön). Tänne tulevat kaikki palvelun lähettämät tekstiviestit.</p>
${table}`;
}

/**
 * The inbox list: a filter by recipient and a table of messages, newest first, and the SMS sink's messages when it
 * runs. No script, so the CSP holds.
 */
export function inboxListPage(messages: CaughtEmailSummary[], to: string | undefined, sms?: CaughtSms[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.to)}</td><td><a href="/dev/inbox/${escapeHtml(m.id)}">${escapeHtml(m.subject || '(ei aihetta)')}</a></td><td>${when(m.receivedAt)}</td></tr>`,
    )
    .join('\n');
  const table = messages.length
    ? `<table><caption class="note">${messages.length} viestiä, uusin ensin</caption>
<thead><tr><th scope="col">Vastaanottaja</th><th scope="col">Aihe</th><th scope="col">Vastaanotettu</th></tr></thead>
<tbody>${rows}</tbody></table>`
    : '<p>Ei viestejä.</p>';
  return page(
    'Testisähköpostit',
    `<h1>Testisähköpostit</h1>
<p class="note">Palvelun sisäänrakennettu SMTP-sieppari (vain demo- ja testikäyttöön). Tänne tulevat kaikki palvelun lähettämät sähköpostit.</p>
<form method="get" action="/dev/inbox" role="search">
<label for="to">Vastaanottajan sähköpostiosoite</label>
<input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}" autocomplete="off">
<button type="submit">Suodata</button>
${to ? ' <a href="/dev/inbox">Näytä kaikki</a>' : ''}
</form>
<h2>Viestit</h2>
${table}
${sms ? smsSection(sms) : ''}`,
  );
}

function size(bytes: number): string {
  return bytes < 1024 ? `${bytes} t` : `${(bytes / 1024).toFixed(1).replace('.', ',')} kt`;
}

/**
 * One message: its headers, the text part, its links and its attachments as downloads (the HTML part is not shown:
 * it would need a frame the CSP refuses).
 */
export function inboxMessagePage(m: CaughtEmail): string {
  const files = m.attachments.length
    ? `<h2>Liitteet</h2>
<ul>${m.attachments
        .map(
          (a) =>
            `<li><a href="/dev/inbox/${escapeHtml(m.id)}/attachments/${a.index}" download>${escapeHtml(a.filename)}</a> (${escapeHtml(a.contentType)}, ${size(a.size)})</li>`,
        )
        .join('')}</ul>`
    : '';
  const links = m.links.length
    ? `<ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>`
    : '<p>Viestissä ei ole linkkejä.</p>';
  return page(
    m.subject || 'Viesti',
    `<p><a href="/dev/inbox">← Takaisin viesteihin</a></p>
<h1>${escapeHtml(m.subject || '(ei aihetta)')}</h1>
<dl>
<dt>Lähettäjä</dt><dd>${escapeHtml(m.from)}</dd>
<dt>Vastaanottaja</dt><dd>${escapeHtml(m.to)}</dd>
<dt>Vastaanotettu</dt><dd>${when(m.receivedAt)}</dd>
</dl>
<h2>Linkit</h2>
${links}
${files}
<h2>Viestin teksti</h2>
<pre>${escapeHtml(m.text)}</pre>`,
  );
}
