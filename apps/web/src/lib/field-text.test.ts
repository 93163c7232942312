import { expect, test } from 'vitest';
import { splitValues, withValues } from './field-text';

test('a field error can carry the values its message names', () => {
  const key = withValues('imageSizeWas', { width: 300, height: 100 });
  expect(key).toBe('imageSizeWas?width=300&height=100');
  expect(splitValues(key)).toEqual({ key: 'imageSizeWas', values: { width: '300', height: '100' } });
});

test('a plain key has no values', () => {
  expect(splitValues('fields.required')).toEqual({ key: 'fields.required', values: {} });
});
