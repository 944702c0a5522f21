/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite, Prisma's generated client, the MCP SDK's stdio transport and undici are Node-only:
  // keep them out of the bundler and load them from node_modules at run time. The OpenTelemetry
  // API and SDK too: one copy of the API, the one the SDK registers with, for lib/core and the app.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pglite-prisma-adapter',
    '@modelcontextprotocol/sdk',
    'pg',
    'graphile-worker',
    '@opentelemetry/api',
    '@opentelemetry/sdk-trace-node',
    '@opentelemetry/sdk-trace-base',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/resources',
    // The outbound policy's pinned connections (lib/server/outbound): Node's own networking.
    'undici',
    // Live co-editing's server (lib/server/collab, started from instrumentation.ts) and the route handlers that
    // read live documents: one copy of Yjs for both, as its constructor checks need (Yjs warns about a second).
    '@hocuspocus/server',
    'yjs',
    'y-protocols',
    'lib0',
    // Google's Gemini SDK (google-auth-library, protobufjs, ws): Node-only, loaded from node_modules.
    '@google/genai',
    // Turbopack gives each route handler its own copy of the server chunks they share, and `next start` loads every
    // route at start: a package bundled into them is held once per route. The model SDKs, yaml, ws and CEL were 42
    // copies of one 1.6 MB chunk (RSS 508 MB after start); from node_modules they are loaded once (393 MB).
    'openai',
    '@anthropic-ai/sdk',
    'yaml',
    'ws',
    '@marcbachmann/cel-js',
  ],
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tests included) with tsc; the build need not
  // repeat it, so a fresh `npm start` is not held up by test files' types.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  experimental: {
    // Turbopack keeps a cache on disk for the next build (425 MB, a minute of writing at the end of each build), and
    // source maps of the server's code (550 MB) for readable stack traces. The cache speeds up rebuilding a checkout
    // that changed; a CI run builds a fresh clone once, runs its tests and throws both away: 274 s of the build's CPU
    // down to 214 s, 679 MB written down to 130 MB.
    turbopackFileSystemCacheForBuild: !process.env.CI,
    turbopackSourceMaps: !process.env.CI,
    // `next start` loads every route's module at start by default. The API's are answered by lib/server/api-router.ts,
    // which loads its own copy of a route's module at the route's first request, so Next's were never used; the pages'
    // made no first view faster (a first /sign-in 390–460 ms either way, the render's warm-up). Loaded when first
    // asked for instead, the web process's heap after start is 114 MB instead of 217 (RSS 320 MB instead of 420).
    preloadEntriesOnStart: false,
  },
}

export default nextConfig
