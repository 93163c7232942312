import { describe, expect, test } from 'vitest';
import { preloadsFor } from './vite-preload-route';

/**
 * A pretend build: a small entry that starts the app lazily; the app's router loads the patient area lazily, which
 * shares chunks with the app. The self-assessment page is another entry of the same build.
 */
const chunk = (
  fileName: string,
  imports: string[],
  facadeModuleId: string | null = null,
  css: string[] = [],
  dynamicImports: string[] = [],
) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  imports,
  dynamicImports,
  viteMetadata: { importedCss: new Set(css) },
});
const BUNDLE = {
  'assets/main.js': chunk('assets/main.js', ['assets/runtime.js'], '/app/index.html', ['assets/main.css'], ['assets/app-start.js']),
  'assets/runtime.js': chunk('assets/runtime.js', []),
  'assets/app-start.js': chunk(
    'assets/app-start.js',
    ['assets/vendor.js', 'assets/i18n.js'],
    '/app/src/app-start.tsx',
    ['assets/app.css'],
    ['assets/patient-app.js', 'assets/admin-app.js'],
  ),
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
  'assets/self-assessment.js': chunk('assets/self-assessment.js', ['assets/runtime.js'], '/app/self-assessment.html'),
  'assets/main.css': { type: 'asset' as const, fileName: 'assets/main.css' },
};

describe('preloadsFor', () => {
  test("names the lazy module's chunk, its static imports the entry does not load, and their styles", () => {
    expect(preloadsFor(BUNDLE, 'assets/app-start.js', ['src/areas/patient/patient-app.tsx'])).toEqual({
      scripts: ['assets/patient-app.js', 'assets/patient-state.js', 'assets/query.js'],
      styles: [['assets/patient-app.css', 'assets/state.css']],
    });
  });

  test('several modules in order: each names only what the entry and the modules before it do not load', () => {
    expect(preloadsFor(BUNDLE, 'assets/main.js', ['src/app-start.tsx', 'src/areas/patient/patient-app.tsx'])).toEqual({
      scripts: [
        'assets/app-start.js',
        'assets/vendor.js',
        'assets/i18n.js',
        'assets/patient-app.js',
        'assets/patient-state.js',
        'assets/query.js',
      ],
      styles: [['assets/app.css'], ['assets/patient-app.css', 'assets/state.css']],
    });
  });

  test('another page of the build, whose entry cannot reach the modules, gets none', () => {
    expect(preloadsFor(BUNDLE, 'assets/self-assessment.js', ['src/app-start.tsx', 'src/areas/patient/patient-app.tsx'])).toBeUndefined();
  });

  test('a module the build did not make is an error, not a page without its preloads', () => {
    expect(() => preloadsFor(BUNDLE, 'assets/main.js', ['src/areas/patient/missing.tsx'])).toThrow(/no chunk is built from/);
  });
});
