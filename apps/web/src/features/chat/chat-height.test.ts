import { describe, expect, it } from 'vitest';
import { chatHeight } from './chat-height';

describe('chatHeight (spec §9)', () => {
  it('is the viewport minus the 56 px phone header minus 40', () => {
    expect(chatHeight(360, 640)).toBe(544);
  });

  it('takes the 80 px header from 768 px wide', () => {
    expect(chatHeight(767, 700)).toBe(604);
    expect(chatHeight(768, 700)).toBe(580);
  });

  it('stays between 450 and 700 px', () => {
    expect(chatHeight(360, 500)).toBe(450);
    expect(chatHeight(1280, 1200)).toBe(700);
    expect(chatHeight(1280, 820)).toBe(700);
    expect(chatHeight(1280, 819)).toBe(699);
  });
});
