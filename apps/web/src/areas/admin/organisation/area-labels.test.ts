import { expect, test } from 'vitest';
import { serviceAreaOptions } from './area-labels';

const cities = [
  { id: '049', name: 'Espoo', cityName: { fi: 'Espoo', se: 'Esbo', en: 'Espoo' } },
  { id: '091', name: 'Helsinki', cityName: { fi: 'Helsinki', se: 'Helsingfors', en: 'Helsinki' } },
];
const postal = (code: string) => `postinumero ${code}`;

test('municipalities are named in the admin’s language, not by their code', () => {
  const options = serviceAreaOptions({ municipalities: ['091', '049'], postalCodes: ['00100'] }, cities, 'se', postal);
  expect(options).toEqual([
    { code: '091', label: 'Helsingfors' },
    { code: '049', label: 'Esbo' },
    { code: '00100', label: 'postinumero 00100' },
  ]);
});

test('before the list has loaded, or for a code it does not know, the code stands in', () => {
  expect(serviceAreaOptions({ municipalities: ['049'], postalCodes: [] }, undefined, 'fi', postal)).toEqual([
    { code: '049', label: '049' },
  ]);
  expect(serviceAreaOptions({ municipalities: ['999'], postalCodes: [] }, cities, 'fi', postal)).toEqual([{ code: '999', label: '999' }]);
});
