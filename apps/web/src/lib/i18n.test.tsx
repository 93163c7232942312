import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, test } from 'vitest';
import { i18n, Translator, useTranslation } from './i18n';

function translator() {
  const t = new Translator();
  t.add('fi', { greet: 'Hei {{name}}', visits_one: '{{count}} käynti', visits_other: '{{count}} käyntiä', only: 'vain' });
  t.add('en', { greet: 'Hello {{name}}', visits_one: '{{count}} visit', visits_other: '{{count}} visits' });
  return t;
}

test('a dotted key finds a nested text and fills its placeholders', () => {
  const t = new Translator();
  t.add('fi', { booking: { title: 'Varaa {{what}} {{ when }}' } });
  expect(t.translate('fi', 'booking.title', { what: 'aika', when: 3 })).toBe('Varaa aika 3');
});

test('a placeholder without a value stays as it is', () => {
  expect(translator().translate('fi', 'greet')).toBe('Hei {{name}}');
  expect(translator().translate('fi', 'greet', {})).toBe('Hei {{name}}');
});

test("count picks the language's plural form", () => {
  const t = translator();
  expect(t.translate('en', 'visits', { count: 1 })).toBe('1 visit');
  expect(t.translate('en', 'visits', { count: 0 })).toBe('0 visits');
  expect(t.translate('fi', 'visits', { count: 2 })).toBe('2 käyntiä');
});

test('a text missing in the language comes from Finnish; one missing everywhere shows its default or its key', () => {
  const t = translator();
  expect(t.translate('sv', 'greet', { name: 'A' })).toBe('Hei A');
  expect(t.translate('en', 'only')).toBe('vain');
  expect(t.translate('en', 'nowhere')).toBe('nowhere');
  expect(t.translate('en', 'nowhere', { defaultValue: 'x {{n}}', n: 1 })).toBe('x 1');
  expect(t.translate('en', 'greet.deeper')).toBe('greet.deeper');
});

test('exists answers for the current language and the fallback', () => {
  const t = translator();
  t.changeLanguage('en');
  expect(t.exists('only')).toBe(true);
  expect(t.exists('greet')).toBe(true);
  expect(t.exists('missing')).toBe(false);
  expect(t.exists('visits')).toBe(false);
});

test('added texts merge into what is there without replacing it', () => {
  const t = new Translator();
  t.add('fi', { area: { a: 'A' } });
  t.add('fi', { area: { a: 'changed', b: 'B' }, other: 'O' });
  expect([t.translate('fi', 'area.a'), t.translate('fi', 'area.b'), t.translate('fi', 'other')]).toEqual(['A', 'B', 'O']);
});

test('t is a new function after a change, and the same one until then', () => {
  const t = translator();
  const first = t.t();
  expect(t.t()).toBe(first);
  t.changeLanguage('en');
  const second = t.t();
  expect(second).not.toBe(first);
  expect(second('greet', { name: 'B' })).toBe('Hello B');
  expect(first('greet', { name: 'B' })).toBe('Hei B');
  expect(t.getFixedT('fi')('greet', { name: 'C' })).toBe('Hei C');
});

test('listeners hear a change of language as urgent and added texts as not', () => {
  const t = translator();
  const heard: boolean[] = [];
  const stop = t.subscribe((urgent) => heard.push(urgent));
  t.add('fi', { later: 'myöhemmin' });
  t.changeLanguage('en');
  stop();
  t.changeLanguage('fi');
  expect(heard).toEqual([false, true]);
});

// The hook, through React: a component shows the new language and texts that arrive after it rendered. Its root
// lives outside the document for the whole file, so it is not mounted through @/test/mount.
const container = document.createElement('div');
const root = createRoot(container);
afterEach(() => act(() => i18n.changeLanguage('fi')));

function Shown({ id }: { id: string }) {
  const { t } = useTranslation();
  return <p>{t(id)}</p>;
}

test('a component renders again when the language changes or its text arrives', async () => {
  i18n.add('en', { hookTest: { hello: 'Hello' } });
  await act(() => root.render(<Shown id="hookTest.hello" />));
  expect(container.textContent).toBe('hookTest.hello');
  await act(() => i18n.add('fi', { hookTest: { hello: 'Hei' } }));
  expect(container.textContent).toBe('Hei');
  await act(() => i18n.changeLanguage('en'));
  expect(container.textContent).toBe('Hello');
  await act(() => root.render(<Shown id="hookTest.late" />));
  expect(container.textContent).toBe('hookTest.late');
  await act(() => i18n.add('en', { hookTest: { late: 'Late' } }));
  expect(container.textContent).toBe('Late');
  act(() => root.unmount());
});
