import { expect, test } from 'vitest';
import { frameHeight, SURVEY_FRAME_MIN_HEIGHT, ZSurveyFrameMessage } from './survey-frame';

test('the frame messages the page acts on', () => {
  expect(ZSurveyFrameMessage.parse({ type: 'resize', height: 812 })).toEqual({ type: 'resize', height: 812 });
  expect(ZSurveyFrameMessage.parse({ type: 'close' })).toEqual({ type: 'close' });
  expect(ZSurveyFrameMessage.parse({ type: 'ready' })).toEqual({ type: 'ready' });
  // Unknown fields are dropped, not passed on.
  expect(ZSurveyFrameMessage.parse({ type: 'close', url: 'https://evil.example' })).toEqual({ type: 'close' });
});

test.each([
  ['an unknown type', { type: 'navigate', to: '/logout' }],
  ['a resize without a height', { type: 'resize' }],
  ['a height as text', { type: 'resize', height: '900' }],
  ['a fractional height', { type: 'resize', height: 10.5 }],
  ['a negative height', { type: 'resize', height: -1 }],
  ['an absurd height', { type: 'resize', height: 1e9 }],
  ['a string', 'close'],
  ['null', null],
  ['an array', [{ type: 'close' }]],
])('%s is refused', (_label, message) => {
  expect(ZSurveyFrameMessage.safeParse(message).success).toBe(false);
});

test('the frame is never lower than the minimum', () => {
  expect(frameHeight(0)).toBe(SURVEY_FRAME_MIN_HEIGHT);
  expect(frameHeight(499.2)).toBe(500);
  expect(frameHeight(640.1)).toBe(641);
});
