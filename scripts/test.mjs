// `npm test`: typecheck, lint (eslint, formatting by Prettier, then the import rules of .dependency-cruiser.mjs), unit +
// integration tests (vitest; integration tests use the Postgres at DATABASE_URL when set, else one
// embedded PostgreSQL server started for the run), and the Playwright suite in Debian's Chromium.
// The production build the Playwright suite's server needs is made first, alone (it keeps both cores busy); the
// Playwright suite then runs beside vitest, and the static checks follow on whichever of the two ends first. On 2 cores
// that is where the time is won: the browser suite mostly waits on pages (about one core), and vitest and the checks
// fill the other. The Playwright suite's lines are prefixed `e2e │`.
// Prints `N passed, N failed` summed from the test reports.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildState } from './build-state.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const reports = join(root, '.reports')
const bin = (pkg, path) => join(root, 'node_modules', pkg, path)
export const CHROMIUM = process.env.AGENTLOOM_CHROMIUM ?? '/usr/bin/chromium'
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }

rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const failures = []
const started = Date.now()
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`

/**
 * Runs a node script to its end; its output goes straight through, or is kept when `quiet`, or goes
 * through line by line after `prefix`.
 */
function run(args, { quiet = false, prefix } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: quiet || prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit', env })
    let output = ''
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk))
    if (prefix) for (const stream of [child.stdout, child.stderr]) prefixLines(stream, prefix)
    child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }))
    child.on('close', (status) => resolve({ status: status ?? 1, output }))
  })
}

/** Writes a stream's lines to stdout, each after `prefix`, so two suites' outputs side by side stay readable. */
function prefixLines(stream, prefix) {
  let partial = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n')
    partial = lines.pop() ?? ''
    if (lines.length) process.stdout.write(lines.map((line) => `${prefix}${line}\n`).join(''))
  })
  stream.on('end', () => partial && process.stdout.write(`${prefix}${partial}\n`))
}

async function step(name, args, options) {
  console.log(`\n▶ ${name}`)
  const since = Date.now()
  const { status } = await run(args, options)
  console.log(`  ${name}: ${minutes(since)}`)
  if (status !== 0) failures.push(name)
  return status === 0
}

const VITEST_STEP = 'unit and integration tests'
const E2E_STEP = 'end-to-end tests (Playwright in Chromium)'

// The build first, and alone: Turbopack keeps both cores busy (192 s of CPU in 102 s here), so whatever ran beside it
// would only hold up the browser suite, which waits for it. Its failure is not counted here: the Playwright suite's
// server then builds again (scripts/start.mjs) and fails the end-to-end step, as it would alone.
if (buildState(root) !== 'fresh' && existsSync(CHROMIUM)) {
  console.log('\n▶ production build for the end-to-end tests')
  const { status, output } = await run([bin('next', 'dist/bin/next'), 'build'], { quiet: true })
  process.stdout.write(output)
  console.log(`  build: ${status === 0 ? 'done' : 'failed'}, ${minutes(started)}`)
}

// The browser suite.
let e2e = Promise.resolve()
if (!existsSync(CHROMIUM)) {
  console.error(
    `\n✗ end-to-end tests need Chromium at ${CHROMIUM}, which is missing.\n  Install Debian's Chromium: sudo apt-get install -y chromium\n  (or point AGENTLOOM_CHROMIUM at another Chromium binary). Never \`playwright install\` here.`,
  )
  failures.push('e2e (no chromium)')
} else {
  e2e = step(E2E_STEP, [bin('@playwright/test', 'cli.js'), 'test'], { prefix: 'e2e │ ' })
}

// Beside it, vitest, then the static checks, which whichever of the two ends first starts on: vitest takes about nine
// tenths of the browser suite's time beside it, so it usually ends first and begins the checks while the browser suite
// finishes; the browser suite's lane then takes what is left of them (the checks after vitest alone ended 0.8 min after
// the browser suite on a fresh clone). The checks first, before vitest, held vitest back past the browser suite's end.
// TypeScript 7, the compiler ported to Go, checks the same tsconfig with the same rules in about half the CPU of
// TypeScript 6 (34 s against 66 s here) and beside the browser suite every CPU-second counts. TypeScript 6 stays the
// `typescript` package: typescript-eslint and Next need its JavaScript API, which TypeScript 7 does not offer yet.
const checks = [
  ['typecheck', [bin('typescript-native', 'bin/tsc'), '--noEmit', '-p', 'tsconfig.json']],
  ['lint', [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings=0']],
  ['formatting', [bin('prettier', 'bin/prettier.cjs'), '--check', '.', '--log-level', 'warn']],
  ['import rules', [bin('dependency-cruiser', 'bin/dependency-cruise.mjs'), '.', '--config', '.dependency-cruiser.mjs', '--output-type', 'err']],
]
const STATIC_CHECKS = checks.map(([name]) => name)

/** Runs the checks no lane has taken yet, one at a time. */
async function takeChecks() {
  for (let check = checks.shift(); check; check = checks.shift()) await step(...check)
}

const vitestLane = (async () => {
  const vitestReports = ['--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'vitest.json')}`]
  await step(VITEST_STEP, [bin('vitest', 'vitest.mjs'), 'run', ...vitestReports])
  await takeChecks()
})()
const browserLane = e2e.then(takeChecks)

await Promise.all([vitestLane, browserLane])
console.log(`\nnpm test: ${minutes(started)}`)

const counts = { passed: 0, failed: 0, skipped: 0 }
const vitest = readJson(join(reports, 'vitest.json'))
if (vitest) {
  counts.passed += vitest.numPassedTests ?? 0
  counts.failed += vitest.numFailedTests ?? 0
  counts.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0)
  // A test file that failed to load has no test results but is a failure all the same.
  counts.failed += (vitest.testResults ?? []).filter((file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0).length
}
// Vitest fails a run that had errors outside any test (an unhandled rejection, say) though every test passed,
// and its report does not count them: one failure, so the closing line agrees with the exit status.
if (failures.includes(VITEST_STEP) && counts.failed === 0) counts.failed += 1
const playwright = readJson(join(reports, 'playwright.json'))
if (playwright?.stats) {
  counts.passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0)
  counts.failed += playwright.stats.unexpected ?? 0
  counts.skipped += playwright.stats.skipped ?? 0
}
// A static check failing counts as a failed check, so the closing line never reads green.
counts.failed += failures.filter((f) => STATIC_CHECKS.includes(f) || f.startsWith('e2e (')).length

printVitestFailures(vitest)
if (failures.length) console.error(`\n✗ failed: ${failures.join(', ')}`)
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
process.exit(failures.length ? 1 : 0)

/**
 * The failed vitest tests again, a line each, just above the closing line: vitest prints them long before
 * (the browser suite's output follows it), and a CI log is often read from its end.
 */
function printVitestFailures(report) {
  const root = process.cwd() + '/'
  const lines = []
  for (const file of report?.testResults ?? []) {
    const name = file.name.replace(root, '')
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    if (file.status === 'failed' && failed.length === 0) lines.push(`${name}: ${firstLine(file.message)}`)
    for (const test of failed) lines.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
  }
  if (lines.length) console.error(`\nfailed in vitest:\n${lines.map((line) => `  ${line}`).join('\n')}`)
}

function firstLine(text) {
  return (
    (text ?? '')
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? ''
  )
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}
