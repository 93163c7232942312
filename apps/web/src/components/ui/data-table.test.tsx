import { describe, expect, it } from 'vitest';
import { columnLabels } from './data-table';

describe('DataTable column labels for narrow screens', () => {
  it('gives each text column a CSS string, quoted and escaped, numbered from 1', () => {
    expect(columnLabels(['Nimi', 'Sähköposti', 'Say "hi"'])).toEqual({
      '--col-1': '"Nimi"',
      '--col-2': '"Sähköposti"',
      '--col-3': '"Say \\"hi\\""',
    });
  });

  it('skips a column whose heading is not plain text', () => {
    expect(columnLabels(['Nimi', null, 'Tila'])).toEqual({ '--col-1': '"Nimi"', '--col-3': '"Tila"' });
  });
});
