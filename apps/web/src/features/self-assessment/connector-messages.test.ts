import { describe, expect, test } from 'vitest';
import { acceptConnectorMessage, connectorFrameSetup } from './connector-messages';

const APP = 'https://portal.example.fi';

describe('connectorFrameSetup', () => {
  test('the built-in one on our origin: sandboxed without same-origin, so it speaks as null and hears only *', () => {
    expect(connectorFrameSetup('/stand-ins/self-assessment/', APP, 'se')).toEqual({
      src: 'https://portal.example.fi/stand-ins/self-assessment/?lang=sv',
      sandbox: 'allow-scripts allow-forms',
      messageOrigin: 'null',
      targetOrigin: '*',
    });
  });

  test('a connector elsewhere keeps its own origin, and only that origin is heard and answered', () => {
    expect(connectorFrameSetup('https://hta.example.com/embed?site=x', APP, 'en')).toEqual({
      src: 'https://hta.example.com/embed?site=x&lang=en',
      sandbox: 'allow-scripts allow-forms allow-same-origin',
      messageOrigin: 'https://hta.example.com',
      targetOrigin: 'https://hta.example.com',
    });
  });

  test.each(['javascript:alert(1)', 'data:text/html,<p>x</p>', 'http://[bad'])('%s is no connector', (url) => {
    expect(connectorFrameSetup(url, APP, 'fi')).toBeNull();
  });
});

describe('acceptConnectorMessage', () => {
  const frame = { name: 'frame' } as unknown as MessageEventSource;
  const other = { name: 'other' } as unknown as MessageEventSource;
  const ours = { messageOrigin: 'null' };
  const external = { messageOrigin: 'https://hta.example.com' };

  test('a protocol message from the frame and its origin', () => {
    expect(acceptConnectorMessage({ source: frame, origin: 'null', data: { type: 'init' } }, frame, ours)).toEqual({ type: 'init' });
    expect(acceptConnectorMessage({ source: frame, origin: 'https://hta.example.com', data: { type: 'error' } }, frame, external)).toEqual({
      type: 'error',
    });
  });

  test.each([
    ['another window', { source: other, origin: 'null', data: { type: 'init' } }, ours],
    ['no window', { source: null, origin: 'null', data: { type: 'init' } }, ours],
    ['our own origin when the frame is sandboxed', { source: frame, origin: APP, data: { type: 'init' } }, ours],
    ['an opaque origin when the connector has its own', { source: frame, origin: 'null', data: { type: 'init' } }, external],
    ['another origin', { source: frame, origin: 'https://evil.example', data: { type: 'init' } }, external],
    ['an unknown type', { source: frame, origin: 'null', data: { type: 'navigate' } }, ours],
    ['a wrong shape', { source: frame, origin: 'null', data: { type: 'completed', result: 'done' } }, ours],
  ])('refused: %s', (_label, event, setup) => {
    expect(acceptConnectorMessage(event as MessageEvent, frame, setup)).toBeNull();
  });

  test('nothing before the frame has a window', () => {
    expect(acceptConnectorMessage({ source: frame, origin: 'null', data: { type: 'init' } }, null, ours)).toBeNull();
  });
});
