import { expect, test } from 'vitest';
import { isPrivateAddress, urlProblem } from './webhook-address';

const production = { production: true };
const development = { production: false };

test('loopback, private, link-local, CGNAT, multicast and reserved addresses are private, in IPv4 and IPv6', () => {
  for (const a of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
  ])
    expect(isPrivateAddress(a), a).toBe(true);
  for (const a of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
    expect(isPrivateAddress(a), a).toBe(false);
  expect(isPrivateAddress('not-an-address')).toBe(true);
});

test('in production only https to a public host; outside production http and loopback too', () => {
  expect(urlProblem('https://hooks.example.com/prsp', production)).toBeNull();
  expect(urlProblem('https://93.184.216.34/x', production)).toBeNull();
  expect(urlProblem('http://hooks.example.com/prsp', production)).toBe('webhookUrl');
  expect(urlProblem('https://127.0.0.1:8443/x', production)).toBe('webhookUrlPrivate');
  expect(urlProblem('https://[::1]/x', production)).toBe('webhookUrlPrivate');
  expect(urlProblem('https://169.254.169.254/latest/meta-data', production)).toBe('webhookUrlPrivate');
  expect(urlProblem('https://localhost/x', production)).toBe('webhookUrlPrivate');
  expect(urlProblem('https://api.localhost/x', production)).toBe('webhookUrlPrivate');
  expect(urlProblem('http://127.0.0.1:3406/hooks', development)).toBeNull();
  expect(urlProblem('http://localhost:3406/hooks', development)).toBeNull();
});

test('not a URL, another scheme, credentials or a fragment: refused everywhere', () => {
  for (const policy of [production, development]) {
    expect(urlProblem('hooks.example.com', policy)).toBe('webhookUrl');
    expect(urlProblem('ftp://hooks.example.com/', policy)).toBe('webhookUrl');
    expect(urlProblem('file:///etc/passwd', policy)).toBe('webhookUrl');
    expect(urlProblem('https://user:pw@hooks.example.com/', policy)).toBe('webhookUrl');
    expect(urlProblem('https://hooks.example.com/#x', policy)).toBe('webhookUrl');
  }
});
