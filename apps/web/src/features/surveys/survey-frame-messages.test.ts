import { describe, expect, test } from 'vitest';
import { acceptFrameMessage, frameSource, runnerOrigin } from './survey-frame-messages';

const frameWindow = {} as MessageEventSource;
const frame = { window: frameWindow, runnerOrigin: 'https://care.example' };

describe('acceptFrameMessage', () => {
  test('a well-formed message from the frame, posted from the sandbox or the runner origin, is taken', () => {
    expect(acceptFrameMessage({ source: frameWindow, origin: 'null', data: { type: 'close' } }, frame)).toEqual({ type: 'close' });
    expect(
      acceptFrameMessage({ source: frameWindow, origin: 'https://care.example', data: { type: 'resize', height: 720 } }, frame),
    ).toEqual({
      type: 'resize',
      height: 720,
    });
  });

  test('another window posting as null is ignored: any sandboxed frame anywhere has that origin', () => {
    expect(acceptFrameMessage({ source: {} as MessageEventSource, origin: 'null', data: { type: 'close' } }, frame)).toBeNull();
    expect(acceptFrameMessage({ source: null, origin: 'null', data: { type: 'close' } }, frame)).toBeNull();
  });

  test('the frame window posting from another origin is ignored (it navigated away)', () => {
    expect(acceptFrameMessage({ source: frameWindow, origin: 'https://evil.example', data: { type: 'close' } }, frame)).toBeNull();
  });

  test('a message off the schema is ignored', () => {
    expect(acceptFrameMessage({ source: frameWindow, origin: 'null', data: { type: 'navigate', to: '/' } }, frame)).toBeNull();
    expect(acceptFrameMessage({ source: frameWindow, origin: 'null', data: 'close' }, frame)).toBeNull();
  });

  test('before the frame exists nothing is taken', () => {
    expect(acceptFrameMessage({ source: null, origin: 'null', data: { type: 'close' } }, { ...frame, window: null })).toBeNull();
  });
});

test('the runner origin comes only from an http(s) address of the runner page', () => {
  expect(runnerOrigin('https://care.example/survey-runner')).toBe('https://care.example');
  expect(runnerOrigin('http://localhost:5173/survey-runner')).toBe('http://localhost:5173');
  expect(runnerOrigin('javascript:alert(1)')).toBeNull();
  expect(runnerOrigin('https://care.example/elsewhere')).toBeNull();
  expect(runnerOrigin('')).toBeNull();
});

test('the token, language and colours travel in the fragment, Swedish as sv', () => {
  const src = frameSource('https://care.example/survey-runner', 'abc_DEF-123', 'se', {
    primaryColor: '#0B4F8A',
    backgroundColor: '#F2F6FA',
  });
  expect(src).toBe('https://care.example/survey-runner#token=abc_DEF-123&lang=sv&primary=%230B4F8A&background=%23F2F6FA');
  expect(new URL(src).search).toBe('');
});
