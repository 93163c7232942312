import { expect, test } from 'vitest';
import { guardedLookup, isPrivateAddress, PrivateAddressError, urlProblem } from './webhook-address';

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

test('every spelling of a private host is refused in production: case, trailing dots, IDN, IPv4 forms, IPv4 inside IPv6', () => {
  for (const url of [
    'https://LOCALHOST.:8443/x',
    'https://localhost../x',
    'https://Api.LocalHost./x',
    'https://ｌｏｃａｌｈｏｓｔ/x',
    'https://2130706433/x',
    'https://0177.0.0.1/x',
    'https://0x7f.1/x',
    'https://127.1/x',
    'https://127.0.0.1./x',
    'https://0251.0376.0251.0376/latest/meta-data',
    'https://[::ffff:127.0.0.1]/x',
    'https://[::FFFF:7F00:1]/x',
    'https://[0:0:0:0:0:ffff:a9fe:a9fe]/x',
  ])
    expect(urlProblem(url, production), url).toBe('webhookUrlPrivate');
  for (const url of ['https://hooks.example.com./x', 'https://xn--bcher-kva.example/x', 'https://bücher.example/x'])
    expect(urlProblem(url, production), url).toBeNull();
});

test('at connection time a name that resolves to a private address is refused, trailing dot or not', async () => {
  const lookup = guardedLookup(production);
  const resolve = (host: string) => new Promise<unknown>((done) => lookup(host, { all: true }, (err, address) => done(err ?? address)));
  expect(await resolve('localhost')).toBeInstanceOf(PrivateAddressError);
  const dotted = await resolve('localhost.');
  // Some resolvers do not answer a fully qualified 'localhost.': then there is nothing to connect to either.
  expect(dotted instanceof PrivateAddressError || (dotted as { code?: string }).code === 'ENOTFOUND').toBe(true);
  expect(await resolve('127.0.0.1')).toBeInstanceOf(PrivateAddressError);
});
