/**
 * bundleExportRuntime() → the text of `agentloom-runtime.mjs`: export-runtime.ts with lib/core and the
 * compiler bundled by esbuild into one ES module, so an exported file runs in any folder after the
 * `npm install` line its header names (the packages left external here, STANDALONE_PACKAGES).
 * Built from the sources each time (about a second), so it cannot drift from what the app compiles with.
 * Node only (the CLI's export-ts and the tests).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import { STANDALONE_PACKAGES } from './export-runtime-packages'

const ENTRY = 'lib/graph/export-runtime.ts'

/** The repository this module's sources are in: found upward, since the CLI may run compiled from node_modules/.cache. */
function repositoryRoot(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, ENTRY))) return dir
    if (path.dirname(dir) === dir) throw new Error(`${ENTRY} was not found above ${import.meta.dirname}: the runtime is bundled from the repository's sources.`)
  }
}

export async function bundleExportRuntime(): Promise<string> {
  const ROOT = repositoryRoot()
  const result = await build({
    entryPoints: [path.join(ROOT, ENTRY)],
    absWorkingDir: ROOT,
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    legalComments: 'inline',
    // Subpaths too (@modelcontextprotocol/sdk/client/index.js): the installed packages, not copies.
    external: Object.keys(STANDALONE_PACKAGES).flatMap((name) => [name, `${name}/*`]),
    // Bundled CommonJS (zod, yaml) may call require() for node built-ins; an ES module has none of its own.
    banner: { js: "import { createRequire as __agentloomRequire } from 'node:module'\nconst require = __agentloomRequire(import.meta.url)" },
    logLevel: 'silent',
  })
  return `// agentloom-runtime.mjs: Agentloom's workflow runtime (lib/core and the graph compiler), bundled for exported workflows.\n${result.outputFiles[0]!.text}`
}
