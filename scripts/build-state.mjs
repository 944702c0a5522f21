// Whether the production build (.next) is up to date with the sources it is built from: `npm start`
// builds when it is not, and the run-throughput benchmark decides the same way.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SOURCE_DIRS = ['app', 'components', 'lib', 'public', 'prisma']
const SOURCE_FILES = ['package-lock.json', 'next.config.js', 'postcss.config.mjs', 'tsconfig.json', 'instrumentation.ts', 'proxy.ts']
const SKIP = new Set(['node_modules', 'generated', '.next', '.data'])

function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) {
    if (SKIP.has(entry) || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

/** 'missing' (no build), 'stale' (a source is newer than the build) or 'fresh'. */
export function buildState(root) {
  const buildId = join(root, '.next', 'BUILD_ID')
  if (!existsSync(buildId)) return 'missing'
  const built = statSync(buildId).mtimeMs
  return [...SOURCE_DIRS, ...SOURCE_FILES].some((p) => newestMtime(join(root, p)) > built) ? 'stale' : 'fresh'
}
