/**
 * zod compiles fast object parsers with `new Function` when it may, and probes whether it may by
 * calling it: under the app's Content-Security-Policy (no 'unsafe-eval') that probe is a CSP
 * violation on every page. Imported first by the root layout's client provider, so zod parses
 * without compiling in the browser.
 */
import { z } from 'zod'

z.config({ jitless: true })
