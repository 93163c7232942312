import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { PRODUCTION_ENV } from '../../test/production-env';

/** A complete production environment but for SMS, which tests add. */
const PRODUCTION = PRODUCTION_ENV;

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
}

describe('SMS configuration', () => {
  test('outside production the built-in sink is on by default, with the PRSP sender', () => {
    const config = loadConfig({});
    expect(config.sms).toMatchObject({ gatewayUrl: undefined, sender: 'PRSP', sinkEnabled: true });
    expect(loadConfig({ SMS_SINK_ENABLED: 'false' }).sms.sinkEnabled).toBe(false);
  });

  test('in production the sink is off, a gateway is optional, and with one its own key must be set over https', () => {
    expect(loadConfig(PRODUCTION).sms).toMatchObject({ gatewayUrl: undefined, sinkEnabled: false });
    expect(problems({ ...PRODUCTION, SMS_SINK_ENABLED: 'true' })).toContain(
      'SMS_SINK_ENABLED: the built-in SMS sink is refused in production',
    );
    expect(problems({ ...PRODUCTION, SMS_GATEWAY_URL: 'https://sms.example/v1' })).toContain(
      'SMS_API_KEY: set the API key the SMS gateway gave',
    );
    expect(problems({ ...PRODUCTION, SMS_GATEWAY_URL: 'http://sms.example/v1', SMS_API_KEY: 'a-real-sms-key-0123456789' })).toContain(
      'SMS_GATEWAY_URL: the SMS gateway must be an https URL',
    );
    const config = loadConfig({ ...PRODUCTION, SMS_GATEWAY_URL: 'https://sms.example/v1', SMS_API_KEY: 'a-real-sms-key-0123456789' });
    expect(config.sms).toMatchObject({ gatewayUrl: 'https://sms.example/v1', apiKey: 'a-real-sms-key-0123456789', sinkEnabled: false });
  });

  test('the sender is at most 11 letters and digits, or an international number', () => {
    expect(loadConfig({ SMS_SENDER: 'EspooTerv' }).sms.sender).toBe('EspooTerv');
    expect(loadConfig({ SMS_SENDER: '+358401234567' }).sms.sender).toBe('+358401234567');
    expect(problems({ SMS_SENDER: 'Espoon terveys' })).toContain('SMS_SENDER');
    expect(problems({ SMS_SENDER: 'ABCDEFGHIJKL' })).toContain('SMS_SENDER');
  });
});
