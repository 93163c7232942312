import { describe, expect, test } from 'vitest';
import { unsupportedRuntime } from './runtime';

describe('unsupportedRuntime', () => {
  test('Node 24 and newer run the server', () => {
    expect(unsupportedRuntime('v24.0.0')).toBeNull();
    expect(unsupportedRuntime('v24.22.3')).toBeNull();
    expect(unsupportedRuntime('v26.1.0')).toBeNull();
  });

  test('an older Node is refused, naming its version and how to start on the right one', () => {
    expect(unsupportedRuntime('v20.20.2')).toMatch(/needs Node\.js 24 or newer; this is v20\.20\.2\..*npm start/);
    expect(unsupportedRuntime('v22.22.0')).toMatch(/this is v22\.22\.0/);
  });

  test('this test runs on the runtime the project brings', () => {
    expect(unsupportedRuntime(process.version)).toBeNull();
  });
});
