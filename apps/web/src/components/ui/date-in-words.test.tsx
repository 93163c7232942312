import { act } from 'react';
import { afterEach, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { mount } from '@/test/mount';
import { DateInWords } from './date-in-words';

afterEach(() => changeLanguage('fi', { remember: false }));

it('writes the date in words in the page’s language, and again when the language changes', async () => {
  const host = await mount(<DateInWords id="d" date="2026-11-30" />);
  expect(host.querySelector('#d')?.textContent).toBe('maanantai 30.11.2026');
  await act(() => changeLanguage('se', { remember: false }));
  expect(host.querySelector('#d')?.textContent).toBe('måndag 30.11.2026');
  await act(() => changeLanguage('en', { remember: false }));
  expect(host.querySelector('#d')?.textContent).toBe('Monday 30/11/2026');
});

it('takes a language of its own (a survey’s), and stays empty, but present, without a whole date', async () => {
  const host = await mount(
    <>
      <DateInWords id="a" date="2026-11-29" lang="se" />
      <DateInWords id="b" date="" />
      <DateInWords id="c" date="2026-02-30" />
    </>,
  );
  expect(host.querySelector('#a')?.textContent).toBe('söndag 29.11.2026');
  expect(host.querySelector('#b')?.textContent).toBe('');
  expect(host.querySelector('#c')?.textContent).toBe('');
});
