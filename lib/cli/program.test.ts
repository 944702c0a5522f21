import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from '@/lib/graph'
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io'
import { runCli } from './program'

const NO_ENV = {} as NodeJS.ProcessEnv

/** A terminal-less CliIo that keeps what the command printed. */
function capture(): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    interactive: false,
    out: (text: string) => void (io.stdout += text),
    err: (text: string) => void (io.stderr += text),
    ask: async () => '',
  }
  return io
}

const COMMANDS = [
  [],
  ['run'],
  ['validate'],
  ['export-ts'],
  ['workflows', 'list'],
  ['runs', 'start'],
  ['runs', 'debug'],
  ['runs', 'follow'],
  ['approvals', 'list'],
  ['approvals', 'answer'],
]

describe('agentloom (in-process)', () => {
  it.each(COMMANDS.map((command) => [command.join(' ') || '(none)', command] as const))('explains %s with --help, exit 0', async (_name, command) => {
    const io = capture()
    expect(await runCli([...command, '--help'], { io })).toBe(EXIT_OK)
    expect(io.stdout).toContain(`Usage: agentloom ${command.join(' ')}`.trimEnd())
  })

  it('exits 2 for an unknown command, a missing argument or a bad option value', async () => {
    for (const argv of [['nope'], ['run'], ['runs', 'start', 'wf', '--version', 'zero'], ['approvals', 'list', '--status', 'maybe']]) {
      const io = capture()
      expect(await runCli(argv, { io, env: NO_ENV }), argv.join(' ')).toBe(EXIT_USAGE)
      expect(io.stderr, argv.join(' ')).toMatch(/error: /)
    }
  })

  it('exits 2 and says what is missing when a server command has no server or token', async () => {
    const noServer = capture()
    expect(await runCli(['workflows', 'list'], { io: noServer, env: NO_ENV })).toBe(EXIT_USAGE)
    expect(noServer.stderr).toContain('--server <url> or AGENTLOOM_SERVER')
    const noToken = capture()
    expect(await runCli(['workflows', 'list', '--server', 'http://127.0.0.1:9'], { io: noToken, env: NO_ENV })).toBe(EXIT_USAGE)
    expect(noToken.stderr).toContain('--token <token> or AGENTLOOM_TOKEN')
  })

  it('exits 2 when an approval is answered neither or both ways', async () => {
    for (const flags of [[], ['--approve', '--deny']]) {
      const io = capture()
      expect(
        await runCli(['approvals', 'answer', 'some-id', ...flags], {
          io,
          env: { ...NO_ENV, AGENTLOOM_SERVER: 'http://127.0.0.1:9', AGENTLOOM_TOKEN: 't' },
        }),
      ).toBe(EXIT_USAGE)
      expect(io.stderr).toContain('Say --approve or --deny')
    }
  })
})

describe('agentloom export-ts (in-process)', () => {
  const fixture = (name: string) => join(import.meta.dirname, '__fixtures__', name)
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agentloom-export-ts-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('writes the TypeScript of a document to stdout, or to --output', async () => {
    const toStdout = capture()
    expect(await runCli(['export-ts', fixture('demo-agent.json')], { io: toStdout, env: NO_ENV })).toBe(EXIT_OK)
    expect(toStdout.stdout).toContain('} from "@/lib/core"')
    const out = join(dir, 'demo.ts')
    const toFile = capture()
    expect(await runCli(['export-ts', fixture('demo-agent.json'), '-o', out, '--core-import', '../lib/core'], { io: toFile, env: NO_ENV })).toBe(EXIT_OK)
    expect(toFile.stdout).toBe('')
    expect(await readFile(out, 'utf8')).toContain('} from "../lib/core"')
  })

  it("takes the editor's export file, named, and the MCP servers from --mcp-config", async () => {
    const file = join(dir, 'example.workflow.json')
    await writeFile(file, JSON.stringify({ agentloom: 'workflow', name: 'Research desk', description: '', document: exampleWorkflowDocument() }))
    const io = capture()
    expect(await runCli(['--json', 'export-ts', file, '--mcp-config', fixture('research-assistant.mcp.json')], { io, env: NO_ENV })).toBe(EXIT_OK)
    const result = JSON.parse(io.stdout) as { ok: boolean; source: string }
    expect(result.ok).toBe(true)
    expect(result.source).toContain('Research desk')
    expect(result.source).toContain('MCPStdioTool')
  })

  it('exits 1 for a document with errors, and 2 for secrets it would have to write', async () => {
    const file = join(dir, 'example.json')
    await writeFile(file, JSON.stringify(exampleWorkflowDocument()))
    const invalid = join(dir, 'invalid.json')
    await writeFile(invalid, JSON.stringify({ schemaVersion: 1, nodes: [], edges: [] }))
    const invalidIo = capture()
    expect(await runCli(['export-ts', invalid], { io: invalidIo, env: NO_ENV })).toBe(EXIT_FAILED)
    expect(invalidIo.stderr).toContain('cannot be exported')
    const config = join(dir, 'secret.mcp.json')
    await writeFile(config, JSON.stringify({ mcpServers: { 'research-assistant': { command: 'node', args: ['x.mjs'], env: { API_KEY: 'secret' } } } }))
    const secretIo = capture()
    expect(await runCli(['export-ts', file, '--mcp-config', config], { io: secretIo, env: NO_ENV })).toBe(EXIT_USAGE)
    expect(secretIo.stderr).toContain('environment values')
  })

  it('with --standalone, writes the bundled runtime beside the file, which imports only it', async () => {
    const out = join(dir, 'standalone', 'demo.ts')
    await mkdir(join(dir, 'standalone'))
    const io = capture()
    expect(await runCli(['--json', 'export-ts', fixture('demo-agent.json'), '-o', out, '--standalone'], { io, env: NO_ENV })).toBe(EXIT_OK)
    const runtime = join(dir, 'standalone', 'agentloom-runtime.mjs')
    expect(JSON.parse(io.stdout)).toEqual({ file: fixture('demo-agent.json'), ok: true, output: out, runtime })
    expect(await readFile(out, 'utf8')).toContain('} from "./agentloom-runtime.mjs"')
    expect(await readFile(out, 'utf8')).toContain('//   npm install openai@')
    expect(await readFile(runtime, 'utf8')).toContain('export {')
    const withoutOutput = capture()
    expect(await runCli(['export-ts', fixture('demo-agent.json'), '--standalone'], { io: withoutOutput, env: NO_ENV })).toBe(EXIT_USAGE)
    expect(withoutOutput.stderr).toContain('-o')
  })
})
