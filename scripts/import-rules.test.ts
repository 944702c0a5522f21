// The import rules `npm run lint` checks (.dependency-cruiser.mjs), run by the real dependency-cruiser
// on a small project written for the test: a rule that silently stopped matching would let cycles in.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

const PROJECT: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', jsx: 'react-jsx', paths: { '@/*': ['./*'] } } }),
  // The ground floor imports a type from above it: a type-only cycle, and a ground-floor breach.
  'lib/core/types.ts': "import type { Agent } from './agents'\nexport type Role = 'user'\nexport type Owner = Agent\n",
  'lib/core/agents.ts': "import type { Role } from './types'\nexport class Agent { role?: Role }\n",
  'lib/core/errors.ts': 'export class CoreError extends Error {}\n',
  // A run-time cycle closed by a dynamic import through the @/ alias.
  'lib/server/registry.ts': "export class Registry { async test() { return (await import('@/lib/server/probe')).probe() } }\n",
  'lib/server/probe.ts': "import { Registry } from './registry'\nexport function probe() { return new Registry() }\n",
  'lib/server/service.ts':
    "import { CoreError } from '@/lib/core'\nimport { Registry } from './registry'\nexport const make = () => [new Registry(), new CoreError()]\n",
  'lib/graph/lost.ts': "import { gone } from '@/lib/graph/nowhere'\nexport const lost = gone\n",
  // lib/core's entry points; the browser one re-exports a module that reads files (a mistake the check must catch).
  'lib/core/index.ts': "export { Agent } from './agents'\nexport { CoreError } from './errors'\n",
  'lib/core/browser.ts': "export * from './errors'\nexport { readLocal } from './harness/local-file'\n",
  'lib/core/harness/local-file.ts': "import { readFileSync } from 'node:fs'\nexport const readLocal = (path: string) => readFileSync(path, 'utf8')\n",
  'lib/core/testing/index.ts': 'export class ScriptedChatClient {}\n',
  // Reaching into lib/core from outside, by the alias and by a relative path; the compiler uses the entry point.
  'lib/graph/executors.ts': "import { Agent } from '@/lib/core/agents'\nexport const make = () => new Agent()\n",
  'lib/server/legacy.ts': "import { CoreError } from '../core/errors'\nexport const legacy = CoreError\n",
  'lib/graph/compile.ts': "import { Agent } from '@/lib/core'\nexport const compile = () => new Agent()\n",
  // Test helpers in production code, in a test and in a testing/ folder.
  'lib/server/runner.ts': "import { ScriptedChatClient } from '@/lib/core/testing'\nexport const client = new ScriptedChatClient()\n",
  'lib/server/runner.int.test.ts': "import { ScriptedChatClient } from '@/lib/core/testing'\nexport const client = new ScriptedChatClient()\n",
  'lib/server/testing/fake-model.ts': "import { ScriptedChatClient } from '@/lib/core/testing'\nexport const client = new ScriptedChatClient()\n",
  // Browser code: a component reaches the full lib/core through lib/graph's compiler, a contract imports it,
  // a component uses the browser entry; a component's test may import anything.
  'lib/contracts/run-events.ts': "import type { Agent } from '@/lib/core'\nexport type RunAgent = Agent\n",
  'components/runs/run-view.tsx': "import { compile } from '@/lib/graph/compile'\nexport const RunView = () => compile()\n",
  'components/canvas/banner.tsx': "import { CoreError } from '@/lib/core/browser'\nexport const Banner = () => CoreError\n",
  'components/runs/run-view.test.tsx': "import { Agent } from '@/lib/core'\nexport const agent = new Agent()\n",
  // A cycle between two components, like the one the canvas inspector once had: none is let through.
  'components/canvas/inspector/FieldControl.tsx': "import { ListEditor } from './ListEditor'\nexport const FieldControl = () => ListEditor\n",
  'components/canvas/inspector/ListEditor.tsx': "import { FieldControl } from './FieldControl'\nexport const ListEditor = () => FieldControl\n",
}

interface Violation {
  rule: { name: string; severity: string }
  from: string
  to: string
  cycle?: Array<{ name: string }>
}

let dir: string
let errorCount: number
let violations: Violation[]

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-rules-'))
  for (const [path, text] of Object.entries(PROJECT)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')
  const run = spawnSync(process.execPath, [cli, '.', '--config', join(root, '.dependency-cruiser.mjs'), '--output-type', 'json'], {
    cwd: dir,
    encoding: 'utf8',
  })
  const { summary } = JSON.parse(run.stdout)
  // `--output-type err` (the lint run) exits with this count.
  errorCount = summary.error
  violations = summary.violations
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

const cyclesThrough = (file: string) => violations.filter((v) => v.rule.name === 'no-import-cycle' && v.cycle?.some((step) => step.name === file))
const ruleViolations = (rule: string) => violations.filter((v) => v.rule.name === rule).map((v) => [v.from, v.to])
const cycleFiles = (v: Violation) => [...new Set(v.cycle!.map((step) => step.name))].sort()

describe('import rules (.dependency-cruiser.mjs)', () => {
  it('fail the lint run', () => {
    expect(errorCount).toBe(violations.length)
    expect(errorCount).toBeGreaterThan(0)
  })

  it('count type-only imports: a type cycle through the ground floor is a cycle', () => {
    expect(cyclesThrough('lib/core/agents.ts').map(cycleFiles)).toContainEqual(['lib/core/agents.ts', 'lib/core/types.ts'])
  })

  it('keep lib/core/types.ts and errors.ts from importing the project', () => {
    const breaches = violations.filter((v) => v.rule.name === 'core-ground-floor')
    expect(breaches.map((v) => [v.from, v.to])).toEqual([['lib/core/types.ts', 'lib/core/agents.ts']])
  })

  it('see a cycle closed by a dynamic import through the @/ alias', () => {
    expect(cyclesThrough('lib/server/probe.ts').map(cycleFiles)).toContainEqual(['lib/server/probe.ts', 'lib/server/registry.ts'])
    expect(violations.filter((v) => v.from === 'lib/server/service.ts')).toEqual([])
  })

  it('refuse an import they cannot resolve (a cycle through it would go unseen)', () => {
    expect(violations.filter((v) => v.rule.name === 'resolvable-imports').map((v) => v.from)).toEqual(['lib/graph/lost.ts'])
  })

  it('let no cycle through: there are no known ones', () => {
    const inspector = 'components/canvas/inspector'
    const cycles = cyclesThrough(`${inspector}/FieldControl.tsx`).map(cycleFiles)
    expect(cycles.length).toBeGreaterThan(0)
    for (const files of cycles) expect(files).toEqual([`${inspector}/FieldControl.tsx`, `${inspector}/ListEditor.tsx`])
  })

  it('let code outside lib/core import only its entry points', () => {
    expect(ruleViolations('core-entry-points').sort()).toEqual([
      ['lib/graph/executors.ts', 'lib/core/agents.ts'],
      ['lib/server/legacy.ts', 'lib/core/errors.ts'],
    ])
  })

  it('keep the testing entry points to tests and testing/ folders', () => {
    expect(ruleViolations('core-testing-entries-in-tests')).toEqual([['lib/server/runner.ts', 'lib/core/testing/index.ts']])
  })

  it('keep the browser entry point to modules that import nothing', () => {
    expect(ruleViolations('core-browser-entry-is-browser-safe').sort()).toEqual([
      ['lib/core/browser.ts', 'fs'],
      ['lib/core/browser.ts', 'lib/core/harness/local-file.ts'],
    ])
  })

  it('keep browser code from reaching the full lib/core, however far away the import', () => {
    expect(ruleViolations('browser-code-reaches-browser-safe-core').sort()).toEqual([
      ['components/runs/run-view.tsx', 'lib/core/index.ts'],
      ['lib/contracts/run-events.ts', 'lib/core/index.ts'],
    ])
  })
})
