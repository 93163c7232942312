import { unsupportedRuntime } from './runtime';

// Imported first by main.ts, so that an older Node stops here with a clear message, before any dependency that needs
// a newer one is evaluated.
const refusal = unsupportedRuntime(process.version);
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
