import { expect, test } from 'vitest';
import { actionLogCsv } from './action-log-csv';

test('actionLogCsv has the columns at, action, objectType, objectId, onBehalfOf, ip', () => {
  const csv = actionLogCsv([
    {
      at: new Date('2026-01-02T03:04:05Z'),
      action: 'staff.login',
      objectType: 'session',
      objectId: 's1',
      onBehalfOf: null,
      ip: '127.0.0.1',
    },
  ]);
  expect(csv).toBe('at,action,objectType,objectId,onBehalfOf,ip\r\n2026-01-02T03:04:05.000Z,staff.login,session,s1,,127.0.0.1\r\n');
});
