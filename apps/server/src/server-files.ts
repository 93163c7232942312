import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server). Files read at run time (migrations, reference data, fonts, the built
 * web app) are found from here rather than from the module that reads them: the build bundles every module into
 * `dist/main.js`, so a path relative to the reading module would differ between the sources and the build. This
 * module sits one folder below apps/server, as `dist/main.js` does, so the same URL holds for both.
 */
const SERVER_DIR = new URL('../', import.meta.url);

/** The absolute path of a file or folder given relative to apps/server (`src/db/migrations`, `../web/dist`). */
export function serverPath(relative: string): string {
  return fileURLToPath(new URL(relative, SERVER_DIR));
}
