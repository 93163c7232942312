import { describe, expect, test } from 'vitest';
import { preloadsFor } from './vite-preload-route';

/** A pretend build: an entry that routes lazily to the patient area, which shares a chunk with the entry. */
const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null, css: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});
const BUNDLE = {
  'assets/main.js': chunk('assets/main.js', ['assets/vendor.js', 'assets/i18n.js'], '/app/index.html', ['assets/main.css']),
  'assets/vendor.js': chunk('assets/vendor.js', []),
  'assets/i18n.js': chunk('assets/i18n.js', ['assets/vendor.js']),
  'assets/patient-app.js': chunk(
    'assets/patient-app.js',
    ['assets/i18n.js', 'assets/patient-state.js'],
    '/app/src/areas/patient/patient-app.tsx',
    ['assets/patient-app.css'],
  ),
  'assets/patient-state.js': chunk('assets/patient-state.js', ['assets/query.js', 'assets/vendor.js'], null, ['assets/state.css']),
  'assets/query.js': chunk('assets/query.js', []),
  'assets/admin-app.js': chunk('assets/admin-app.js', ['assets/vendor.js'], '/app/src/areas/admin/admin-app.tsx'),
  'assets/main.css': { type: 'asset' as const, fileName: 'assets/main.css' },
};

describe('preloadsFor', () => {
  test("names the lazy module's chunk, its static imports the entry does not load, and their styles", () => {
    expect(preloadsFor(BUNDLE, 'assets/main.js', 'src/areas/patient/patient-app.tsx')).toEqual({
      scripts: ['assets/patient-app.js', 'assets/patient-state.js', 'assets/query.js'],
      styles: ['assets/patient-app.css', 'assets/state.css'],
    });
  });

  test('a module the build did not make is an error, not a page without its preloads', () => {
    expect(() => preloadsFor(BUNDLE, 'assets/main.js', 'src/areas/patient/missing.tsx')).toThrow(/no chunk is built from/);
  });
});
