/** A LIKE pattern matching `search` anywhere, with the wildcards in it taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
