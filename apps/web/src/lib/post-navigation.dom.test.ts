import { afterEach, describe, expect, test, vi } from 'vitest';
import { postNavigate } from './post-navigation';

describe('postNavigate', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  test('submits a hidden POST form with every parameter in its body, none in the action URL', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    postNavigate('https://broker.example/session/end', { id_token_hint: 'eyJ.secret.jwt', client_id: 'prsp' });
    const form = document.querySelector('form')!;
    expect(submit).toHaveBeenCalledOnce();
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://broker.example/session/end');
    expect(form.hidden).toBe(true);
    expect(Object.fromEntries(new FormData(form))).toEqual({ id_token_hint: 'eyJ.secret.jwt', client_id: 'prsp' });
  });
});
