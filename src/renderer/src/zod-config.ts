import { z } from 'zod';

// The strict CSP forbids eval. Zod builds its object parsers when a schema is
// created (the shared contract's schemas, at import) and probes `new Function`
// for its JIT; the probe is caught, but the browser still reports a violation.
// Imported first by main.ts, so this runs before any schema exists.
z.config({ jitless: true });
