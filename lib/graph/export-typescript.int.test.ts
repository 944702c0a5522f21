/**
 * Exported TypeScript files, run for real: each is written into the repository's scratch folder (so
 * that '@/lib/core' resolves through tsconfig paths and packages from node_modules) and run as a child
 * process, with an argument list and no shell. Their printed outputs are compared with what compile()
 * produces in this process for the same document and input.
 *
 * One file of each kind runs as its header says, with tsx (`RUN_WITH_TSX`). The others run compiled by
 * esbuild — tsx's own compiler, with the same tsconfig — and started with node: the same program, without
 * tsx resolving and transforming lib/core's modules again in every process, about two seconds of CPU each
 * (lib/server/testing/compiled-scripts.ts does the same for the app's commands). What the files in the
 * repository import ('@/lib/core', '@/lib/graph/export-runtime') is bundled once for the file, with the
 * packages they use, into modules the compiled files import: neither esbuild bundling lib/core again
 * for every case nor each process loading the hundreds of files of openai, the MCP SDK and zod again
 * (most of a start's CPU). The tsx case and the standalone ones load the packages from node_modules.
 *
 * Standalone exports run in an empty folder outside the repository holding only the file, the bundled
 * agentloom-runtime.mjs and what the header's `npm install` line names. Those packages are symlinked
 * from the repository's node_modules instead of installed (the registry is slow and this machine may be
 * offline); Node follows the links to their real paths, as for any installed package.
 */
import { execFile } from 'node:child_process'
import { build as esbuild } from 'esbuild'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DemoChatClient } from '@/lib/core'
import { compile } from './compile/compile'
import { messageText } from './compile/messages'
import type { GraphDocument } from './document'
import { EXAMPLE_MCP_SERVER_ID, exampleWorkflowDocument } from './example-workflow'
import { bundleExportRuntime } from './export-runtime-bundle'
import { STANDALONE_INSTALL, STANDALONE_PACKAGES, STANDALONE_RUNTIME_FILE } from './export-runtime-packages'
import { exportWorkflowAsTypeScript, type ExportTypeScriptOptions } from './export-typescript'
import { workflowTemplate } from './templates'
import { graph } from './testing/graph-builder'

const root = path.resolve(__dirname, '../..')
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli')
let folder: string
/** The modules the compiled files in the repository import, by the specifier the exported file names (see above). */
let repositoryImports: Map<string, string>
/** An empty folder outside the repository: only the runtime bundle and the packages the header names. */
let standaloneFolder: string

beforeAll(async () => {
  await mkdir(path.join(root, '.scratch'), { recursive: true })
  folder = await mkdtemp(path.join(root, '.scratch', 'export-typescript-'))
  repositoryImports = await bundleRepositoryImports(path.join(folder, 'bundled'))
  standaloneFolder = await mkdtemp(path.join(tmpdir(), 'agentloom-export-'))
  await writeFile(path.join(standaloneFolder, STANDALONE_RUNTIME_FILE), await bundleExportRuntime())
  for (const name of Object.keys(STANDALONE_PACKAGES)) {
    await mkdir(path.dirname(path.join(standaloneFolder, 'node_modules', name)), { recursive: true })
    await symlink(path.join(root, 'node_modules', name), path.join(standaloneFolder, 'node_modules', name), 'dir')
  }
})
afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
  await rm(standaloneFolder, { recursive: true, force: true })
})

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

/** The case whose exported file runs with tsx, as its header tells a person to (the others run compiled: see above). */
const RUN_WITH_TSX = 'agents on the demo model'

let fileCount = 0
async function runExported(
  document: GraphDocument,
  input: string | undefined,
  options: ExportTypeScriptOptions & { stdin?: string; withTsx?: boolean } = {},
): Promise<Ran> {
  const cwd = options.standalone ? standaloneFolder : root
  const file = path.join(options.standalone ? standaloneFolder : folder, `workflow-${++fileCount}.ts`)
  await writeFile(file, exportWorkflowAsTypeScript(document, options))
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env.OPENAI_API_KEY
  // Standalone: the folder's own tsx (what `npx tsx` finds there), not the repository's.
  const tsx = options.standalone ? createRequire(path.join(standaloneFolder, 'package.json')).resolve('tsx/cli') : tsxCli
  const program = options.withTsx ? [tsx, file] : [await compiled(file, { inRepository: !options.standalone })]
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [...program, ...(input === undefined ? [] : [input])], { cwd, env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
    child.stdin?.end(options.stdin ?? '')
  })
}

const ESBUILD_NODE = {
  absWorkingDir: root,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'error',
} as const
/** The modules exported files in the repository import, and their sources (resolved through the tsconfig paths, as tsx does). */
const REPOSITORY_MODULES = { '@/lib/core': 'lib/core/index.ts', '@/lib/graph/export-runtime': 'lib/graph/export-runtime.ts' }

/**
 * Bundles lib/core and the export runtime with every package they import, split so that both share one copy of
 * lib/core (as they do through tsx). Returns where each specifier's module is.
 */
async function bundleRepositoryImports(outdir: string): Promise<Map<string, string>> {
  const entries = Object.entries(REPOSITORY_MODULES).map(([specifier, source]) => ({ specifier, source, out: path.basename(source, '.ts') }))
  await esbuild({
    ...ESBUILD_NODE,
    entryPoints: entries.map(({ source, out }) => ({ in: source, out })),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    // Bundled CommonJS (zod, yaml) may call require() for node built-ins; an ES module has none of its own.
    banner: { js: "import { createRequire as __agentloomRequire } from 'node:module'\nconst require = __agentloomRequire(import.meta.url)" },
  })
  return new Map(entries.map(({ specifier, out }) => [specifier, path.join(outdir, `${out}.mjs`)]))
}

/**
 * The exported file compiled to JavaScript beside it. In the repository its '@/…' imports become imports of the modules
 * bundled once (bundleRepositoryImports); standalone it imports only the runtime file and packages, left as they are.
 */
async function compiled(file: string, { inRepository }: { inRepository: boolean }): Promise<string> {
  const outfile = file.replace(/\.ts$/, '.mjs')
  await esbuild({
    ...ESBUILD_NODE,
    entryPoints: [file],
    outfile,
    bundle: inRepository,
    packages: inRepository ? 'external' : undefined,
    plugins: inRepository
      ? [
          {
            name: 'bundled-repository-imports',
            setup: (build) =>
              build.onResolve({ filter: /^@\// }, ({ path: specifier }) => {
                const bundled = repositoryImports.get(specifier)
                return bundled ? { path: bundled, external: true } : { errors: [{ text: `${specifier} is not among REPOSITORY_MODULES` }] }
              }),
          },
        ]
      : [],
  })
  return outfile
}

/** What the app's compiler makes of the same document and input, printed the same way. */
async function runCompiled(document: GraphDocument, input: string): Promise<string> {
  const workflow = compile(document, {
    chatClient: () => new DemoChatClient(),
    mcpServer: (id) => {
      throw new Error(`no MCP server ${id} in this test`)
    },
    functionTool: () => undefined,
  })
  const result = await workflow.run(input)
  return result
    .getOutputs()
    .map((output) => `${messageText(output)}\n`)
    .join('')
}

const declaredInput = () =>
  graph()
    .start('start', {
      inputFields: [
        { name: 'topic', type: 'string' },
        { name: 'count', type: 'integer', required: false },
      ],
    })
    .node('about', 'transform', { expression: '"About " + input.topic' })
    .agent('writer')
    .output()
    .chain('start', 'about', 'writer', 'output')
    .build()
const demoAgents = () => graph().start().agent('writer').agent('editor').output().chain('start', 'writer', 'editor', 'output').build()

const conditionAndTransform = () =>
  graph()
    .start()
    .node('route', 'condition', { cases: [{ id: 'urgent', expression: 'input.contains("urgent")' }] })
    .node('shout', 'transform', { expression: '"URGENT: " + input.upperAscii()' })
    .output()
    .edge('start', 'route')
    .edge('route', 'shout', { sourceHandle: 'urgent' })
    .edge('route', 'output', { sourceHandle: 'default' })
    .edge('shout', 'output')
    .build()

const fanOutIn = () =>
  graph()
    .start()
    .node('split', 'fan_out')
    .agent('left')
    .agent('right')
    .node('join', 'fan_in', { join: 'text', separator: ' | ' })
    .output()
    .edge('start', 'split')
    .edge('split', 'left')
    .edge('split', 'right')
    .edge('left', 'join')
    .edge('right', 'join')
    .edge('join', 'output')
    .build()

const participant = (id: string) => ({ id, name: id, instructions: `You are ${id}.`, model: { provider: 'demo' } })
const sequential = () =>
  graph()
    .start()
    .node('team', 'sequential', { participants: [participant('drafter'), participant('reviewer')], chainOnlyAgentResponses: true })
    .output()
    .chain('start', 'team', 'output')
    .build()

describe('a workflow exported as TypeScript', () => {
  it.each([
    ['agents on the demo model', demoAgents, 'Write about "tides"\nplease'],
    ['a condition and a transform (urgent)', conditionAndTransform, 'this is urgent'],
    ['a condition and a transform (default case)', conditionAndTransform, 'no hurry'],
    ['a fan-out and a fan-in', fanOutIn, 'both sides'],
    ['a sequential orchestration', sequential, 'plan a trip'],
    ['the handoff template (it ends by itself)', () => workflowTemplate('handoff')!.document, '/call handoff_to_billing {}'],
    ['a start node with declared input fields', declaredInput, '{"topic":"tides","count":2}'],
  ])('runs %s standalone and prints what the app would', async (name, build, input) => {
    const document = build()
    const [ran, expected] = await Promise.all([runExported(document, input, { withTsx: name === RUN_WITH_TSX }), runCompiled(document, input)])
    expect(ran.stderr).toBe('')
    expect(ran.code).toBe(0)
    expect(expected).not.toBe('')
    expect(ran.stdout).toBe(expected)
  })

  it('runs the example workflow with its MCP server connected as configured in the app', async () => {
    const ran = await runExported(exampleWorkflowDocument(), '/call research-assistant_word_count {"text": "one two three"}', {
      name: 'Research assistant',
      mcpServers: { [EXAMPLE_MCP_SERVER_ID]: { transport: 'stdio', command: 'node', args: ['examples/mcp-servers/research-assistant.mjs'] } },
    })
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/^Result: .*3/)
  })

  it('stops before the run, naming what only the app has, when an MCP server has no connection', async () => {
    const ran = await runExported(exampleWorkflowDocument(), 'anything')
    expect(ran.code).toBe(1)
    expect(ran.stdout).toBe('')
    expect(ran.stderr).toContain(
      'Agent "Researcher" of the agent node "researcher" uses the MCP server "research-assistant", whose connection is not in this file.',
    )
  })

  it('asks a human input node its question on the terminal', async () => {
    const document = graph()
      .start()
      .node('ask', 'human_input', { prompt: 'Which city?' })
      .node('shape', 'transform', { expression: '"Going to " + input' })
      .output()
      .chain('start', 'ask', 'shape', 'output')
      .build()
    const ran = await runExported(document, 'travel', { stdin: 'Lisbon\n' })
    expect(ran.code).toBe(0)
    expect(ran.stderr).toContain('Which city?')
    expect(ran.stdout).toBe('Going to Lisbon\n')
  })

  it('refuses an input that does not match the declared fields, saying why', async () => {
    const ran = await runExported(declaredInput(), '{"count":"two"}')
    expect(ran.code).toBe(1)
    expect(ran.stdout).toBe('')
    expect(ran.stderr).toContain(`The run input does not match the start node's input fields: "topic" is required. "count" must be a whole number.`)
  })

  it('keeps hostile text inside string literals', async () => {
    const hostile = '"); process.exit(7); //\u2028*/ `${process.exit(8)}`'
    const document = graph()
      .start('start', { inputDescription: hostile })
      .node('shape', 'transform', { expression: JSON.stringify(hostile) })
      .output()
      .chain('start', 'shape', 'output')
      .build()
    document.nodes[1]!.data = { ...document.nodes[1]!.data, label: hostile }
    const ran = await runExported(document, 'x', { name: hostile })
    expect(ran.code).toBe(0)
    expect(ran.stdout).toBe(`${hostile}\n`)
  })

  it('prints how to use it when the input is missing', async () => {
    const ran = await runExported(demoAgents(), undefined)
    expect(ran.code).toBe(2)
    expect(ran.stderr).toContain('Usage: npx tsx <this file> "<input>"')
  })
})

describe('a workflow exported as standalone TypeScript, run in an empty folder outside the repository', () => {
  it('says in its header what to install and how to run it, and imports only the bundled runtime', () => {
    const text = exportWorkflowAsTypeScript(demoAgents(), { standalone: true })
    expect(text).toContain(`//   ${STANDALONE_INSTALL}\n`)
    expect(STANDALONE_INSTALL).toMatch(/^npm install openai@\d+\.\d+\.\d+ @modelcontextprotocol\/sdk@\d+\.\d+\.\d+ /)
    expect(text).toContain('//   npx tsx <this file> "your input"')
    expect([...text.matchAll(/ from (".*")/g)].map((match) => match[1])).toEqual([`"./${STANDALONE_RUNTIME_FILE}"`, `"./${STANDALONE_RUNTIME_FILE}"`])
    // No copy of the runtime: the file defines only the workflow, and its imports are the app's modules.
    expect(text.match(/^(?:async )?(?:function|class) \w+/gm)).toEqual(['function buildWorkflow'])
    const inRepository = exportWorkflowAsTypeScript(demoAgents())
    expect([...inRepository.matchAll(/ from (".*")/g)].map((match) => match[1])).toEqual(['"@/lib/core"', '"@/lib/graph/export-runtime"'])
  })

  it.each([
    ['agents on the demo model', demoAgents, 'Write about "tides"\nplease'],
    ['a condition and a transform (urgent)', conditionAndTransform, 'this is urgent'],
    ['a fan-out and a fan-in', fanOutIn, 'both sides'],
    ['a sequential orchestration', sequential, 'plan a trip'],
    ['the handoff template (it ends by itself)', () => workflowTemplate('handoff')!.document, '/call handoff_to_billing {}'],
    ['a start node with declared input fields', declaredInput, '{"topic":"tides","count":2}'],
  ])('runs %s and prints what the app would', async (name, build, input) => {
    const document = build()
    const [ran, expected] = await Promise.all([
      runExported(document, input, { standalone: true, withTsx: name === RUN_WITH_TSX }),
      runCompiled(document, input),
    ])
    expect(ran.stderr).toBe('')
    expect(ran.code).toBe(0)
    expect(expected).not.toBe('')
    expect(ran.stdout).toBe(expected)
  })

  it('connects its MCP server through the installed @modelcontextprotocol/sdk', async () => {
    const server = path.join(root, 'examples/mcp-servers/research-assistant.mjs')
    const ran = await runExported(exampleWorkflowDocument(), '/call research-assistant_word_count {"text": "one two three"}', {
      standalone: true,
      mcpServers: { [EXAMPLE_MCP_SERVER_ID]: { transport: 'stdio', command: process.execPath, args: [server] } },
    })
    expect(ran.stderr).toBe('')
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/^Result: .*3/)
  })
})
