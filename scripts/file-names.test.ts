// One file-name convention: a .tsx file is a React component's, named in PascalCase after the
// component it exports (McpServerRow.tsx exports McpServerRow); every other module (hooks, helpers,
// API clients, query hooks, stores, tests) is a kebab-case .ts file (use-save-version.ts). Next.js's
// own files (page.tsx, layout.tsx, route.ts …) keep the names Next looks for. This test lists the
// files of the project that break it.
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const CHECKED_DIRS = ['app', 'components', 'lib', 'e2e', 'scripts', 'prisma']
const SKIPPED = new Set(['node_modules', 'generated'])

/** The .tsx files Next.js's App Router finds by name. */
const NEXT_FILES = new Set([
  'page',
  'layout',
  'loading',
  'error',
  'global-error',
  'not-found',
  'template',
  'default',
  'icon',
  'apple-icon',
  'opengraph-image',
  'twitter-image',
])

const KEBAB_TS = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*\.ts$/
const PASCAL_TSX = /^([A-Z][A-Za-z0-9]*)(\.test)?\.tsx$/

/** Why a file's name breaks the convention, or null when it keeps it. `source` is read only for components. */
function fileNameProblem(path: string, source: () => string): string | null {
  const name = basename(path)
  if (name.endsWith('.ts')) return KEBAB_TS.test(name) ? null : 'a .ts module is named in kebab-case'
  if (!name.endsWith('.tsx')) return null
  if (path.startsWith('app/') && NEXT_FILES.has(name.slice(0, -'.tsx'.length))) return null
  const pascal = PASCAL_TSX.exec(name)
  if (!pascal) return 'a .tsx file is named in PascalCase after the component it exports'
  const [, component, test] = pascal
  if (test) return null
  const exported = new RegExp(`^export (?:default )?(?:function|const|class) ${component}\\b`, 'm')
  return exported.test(source()) ? null : `a .tsx file exports the component it is named after (${component})`
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.tsx?$/.test(entry.name)) yield path
  }
}

describe('file names', () => {
  it('follow the convention everywhere in the project', () => {
    const checked: string[] = []
    const problems: string[] = []
    for (const dir of CHECKED_DIRS) {
      for (const path of sourceFiles(dir)) {
        checked.push(path)
        const problem = fileNameProblem(path, () => readFileSync(join(root, path), 'utf8'))
        if (problem) problems.push(`${path}: ${problem}`)
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['components/mcp/McpServerRow.tsx', 'app/(app)/workflows/WorkflowList.tsx', 'lib/core/agents.ts']))
    expect(problems).toEqual([])
  })

  it('name components in PascalCase after what they export, and everything else in kebab-case', () => {
    const component = 'export function McpServerRow() {}\n'
    expect(fileNameProblem('components/mcp/McpServerRow.tsx', () => component)).toBeNull()
    expect(fileNameProblem('components/mcp/mcp-server-row.tsx', () => component)).toMatch(/PascalCase/)
    expect(fileNameProblem('components/mcp/ServerRow.tsx', () => component)).toMatch(/exports the component it is named after \(ServerRow\)/)
    expect(fileNameProblem('components/canvas/nodes/AgentNode.tsx', () => 'export const AgentNode = memo(function AgentNode() {})\n')).toBeNull()
    expect(fileNameProblem('components/mcp/McpServerRow.test.tsx', () => '')).toBeNull()
    expect(fileNameProblem('components/canvas/use-save-version.ts', () => '')).toBeNull()
    expect(fileNameProblem('components/runs/run-event-stream.int.test.ts', () => '')).toBeNull()
    expect(fileNameProblem('components/canvas/useSaveVersion.ts', () => '')).toMatch(/kebab-case/)
    expect(fileNameProblem('components/mcp/ServerForm.ts', () => '')).toMatch(/kebab-case/)
  })

  it("leave Next.js's own files in app/ as Next names them", () => {
    expect(fileNameProblem('app/(app)/workflows/[id]/page.tsx', () => 'export default function WorkflowPage() {}\n')).toBeNull()
    expect(fileNameProblem('app/not-found.tsx', () => '')).toBeNull()
    expect(fileNameProblem('components/page.tsx', () => '')).toMatch(/PascalCase/)
  })
})
