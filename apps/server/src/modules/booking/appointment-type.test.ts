import { expect, test } from 'vitest';
import { appointmentType, isVideo, kindOf } from './appointment-view';

test.each([
  ['oneOnOne', false, 'oneOnOne'],
  ['oneOnOne', true, 'basic'],
  ['group', false, 'group'],
  ['group', true, 'group-video'],
] as const)('the admin kind %s with video %s is stored as %s, and reads back the same', (kind, video, type) => {
  expect(appointmentType(kind, video)).toBe(type);
  expect(kindOf(type)).toBe(kind);
  expect(isVideo(type)).toBe(video);
});
