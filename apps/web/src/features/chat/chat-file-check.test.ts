import { describe, expect, it } from 'vitest';
import { chatFileProblem } from './chat-file-check';

const MB = 1024 * 1024;

describe('chatFileProblem (spec §9 attachments)', () => {
  it('lets pdf, jpg, jpeg and png through up to 10 MB, whatever the letter case', () => {
    for (const name of ['a.pdf', 'b.JPG', 'c.jpeg', 'd.Png']) expect(chatFileProblem({ name, size: 10 * MB })).toBeNull();
  });

  it('refuses other types, bigger files and empty ones', () => {
    expect(chatFileProblem({ name: 'notes.docx', size: 100 })).toBe('type');
    expect(chatFileProblem({ name: 'pdf', size: 100 })).toBe('type');
    expect(chatFileProblem({ name: 'scan.pdf', size: 10 * MB + 1 })).toBe('size');
    expect(chatFileProblem({ name: 'scan.pdf', size: 0 })).toBe('empty');
  });
});
