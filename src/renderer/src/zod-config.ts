import { config } from 'zod/v4/core';

// The strict CSP forbids eval. Zod builds its object parsers when a schema is
// created (the shared contract's schemas, at import) and probes `new Function`
// for its JIT; the probe is caught, but the browser still reports a violation.
// Imported first by main.ts, so this runs before any schema exists. Only
// zod's small core config is imported here, so the full library stays in the
// chunk of the page that validates with it.
config({ jitless: true });
