import { expect, test } from 'vitest';
import { APPOINTMENT_TYPES, isVideoKind, meetingKindOf } from './services';

test('every stored appointment type has its kind in plain words, and the video ones are video', () => {
  expect(APPOINTMENT_TYPES.map((type) => [type, meetingKindOf(type), isVideoKind(meetingKindOf(type))])).toEqual([
    ['group', 'group', false],
    ['oneOnOne', 'chat', false],
    ['basic', 'video', true],
    ['group-video', 'groupVideo', true],
  ]);
});
