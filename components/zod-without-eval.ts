/**
 * zod compiles fast object parsers with `new Function` when it may, and probes whether it may by
 * calling it: under the app's Content-Security-Policy (no 'unsafe-eval') that probe is a CSP
 * violation on every page. Imported by instrumentation-client.ts, which Next runs before any other
 * client code (zod decides at a schema's construction), and by the root layout's client provider.
 */
import { z } from 'zod'

z.config({ jitless: true })
