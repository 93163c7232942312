import { expect, test } from 'vitest';
import { readFragment } from './runner-fragment';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz_-0123456789';

test('the token, the language (sv is Swedish) and the colours come from the fragment', () => {
  expect(readFragment(`#token=${TOKEN}&lang=sv&primary=%230B4F8A&background=%23F2F6FA`)).toEqual({
    token: TOKEN,
    lang: 'se',
    primary: '#0B4F8A',
    background: '#F2F6FA',
  });
});

test('what does not fit is left out: a short or odd token, an unknown language, a colour that is not #RRGGBB', () => {
  expect(readFragment('#token=short&lang=de&primary=red&background=url(x)')).toEqual({
    token: null,
    lang: 'fi',
    primary: '',
    background: '',
  });
  expect(readFragment(`#token=${TOKEN}%3Cscript%3E`).token).toBeNull();
  expect(readFragment('').token).toBeNull();
});
