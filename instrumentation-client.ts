// Next.js runs this before any of the app's client code (and before hydration): zod is told here not to compile
// parsers with `new Function`, before the first schema is built. zod decides when a schema is built, not when it
// parses, and probes `Function('')` then — a CSP violation under the app's policy — so a page whose modules build
// schemas before the root layout's providers load (the editor's live-editing modules do) would report one.
import './components/zod-without-eval'
