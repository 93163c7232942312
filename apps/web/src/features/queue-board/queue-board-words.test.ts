import { describe, expect, it } from 'vitest';
import enPresence from '@/locales/en/presence.json';
import enBoard from '@/locales/en/queue-board.json';
import fiPresence from '@/locales/fi/presence.json';
import fiBoard from '@/locales/fi/queue-board.json';
import svPresence from '@/locales/sv/presence.json';
import svBoard from '@/locales/sv/queue-board.json';

const languages = [
  ['fi', fiPresence, fiBoard],
  ['sv', svPresence, svBoard],
  ['en', enPresence, enBoard],
] as const;

describe('the queue board speaks of presence in the words of the expert header', () => {
  it.each(languages)('%s: a state on the board is named as the expert names it in the header', (_lang, presence, board) => {
    // Seen in Swedish: the header's 'Inte inloggad' was 'Offline' on the board.
    expect(board.queueBoard.states).toEqual(presence.presence.states);
  });

  it.each(languages)('%s: the board names the shift lead as the expert form does', (_lang, presence, board) => {
    // Seen in Swedish: the form's 'Skiftledare' was 'skiftansvarig' on the board; in Finnish 'vuoron vastaava' for 'Vuorovastaava'.
    expect(board.queueBoard.notLead.toLowerCase()).toContain(presence.presence.admin.shiftLead.toLowerCase());
  });
});
