// The JavaScript a patient's first page loads: the entry, everything it imports statically, the
// app it starts and the patient area chunk the router loads at once (index.html preloads both),
// with their static imports. Gzipped, it must stay within the budget of 150 KB (the usual mobile critical-path
// budget). Not counted, because the first page waits for none of it: the error and field texts
// (lib/catalogue-texts.ts, fetched beside the first page) and the Swedish and English texts
// (fetched when chosen; Finnish, the default and the fallback, is counted).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const FIRST_PAGE = ['index.html', 'src/app-start.tsx', 'src/areas/patient/patient-app.tsx'];
const seen = new Set();
function collect(key) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) collect(dep);
}
FIRST_PAGE.forEach(collect);

let total = 0;
const rows = [...seen].map((key) => {
  const file = manifest[key].file;
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  return `  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`;
});
const kb = total / 1024;
console.log(`first-page JavaScript (gzip):\n${rows.join('\n')}\n  ${kb.toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`bundle budget exceeded: ${kb.toFixed(1)} KB > ${BUDGET_KB} KB`);
  process.exit(1);
}
