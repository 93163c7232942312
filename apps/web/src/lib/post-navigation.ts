/**
 * Navigates the page with a form POST (what a link cannot do): for requests whose parameters must not appear in a
 * URL, such as the identity provider's end-session request with its `id_token_hint`, which names the person.
 */
export function postNavigate(url: string, params: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(params)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
