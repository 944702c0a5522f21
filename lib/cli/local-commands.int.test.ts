/**
 * The `agentloom` command line as scripts and people use it, running workflow documents on the demo model with no
 * server and no database: in this process (testing/run-agentloom.ts), and as a child process of the compiled command
 * and of bin/agentloom.mjs once each.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from '@/lib/graph'
import { jsonLines, REPOSITORY_ROOT, runAgentloom } from './testing/run-agentloom'

const fixture = (name: string) => join(REPOSITORY_ROOT, 'lib', 'cli', '__fixtures__', name)
const graphFixture = (name: string) => join(REPOSITORY_ROOT, 'lib', 'graph', '__fixtures__', name)
const scratch = mkdtempSync(join(tmpdir(), 'agentloom-cli-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

// An outer limit: a test that starts Node takes seconds on a busy machine.
const SLOW = 60_000

describe('agentloom run', () => {
  it(
    'runs a document on the demo model: progress on stderr as it happens, the output on stdout',
    async () => {
      const { code, stdout, stderr } = await runAgentloom(['run', fixture('demo-agent.json'), '--input', 'hello there'], {}, { through: 'compiled' })
      expect(code).toBe(0)
      expect(stdout).toBe('Demo reply: hello there\n')
      const superstep = stderr.indexOf('▸ superstep 1')
      const started = stderr.indexOf('· writer started')
      const streamed = stderr.indexOf('writer: Demo reply: hello there')
      const done = stderr.indexOf('· writer done')
      expect([superstep, started, streamed, done].every((at) => at >= 0)).toBe(true)
      expect(superstep < started && started < streamed && streamed < done).toBe(true)
      expect(stderr).toContain('✓ run succeeded (1 output)')
    },
    SLOW,
  )

  it(
    'prints every event and then the result as JSON lines with --json',
    async () => {
      const { code, stdout } = await runAgentloom(['--json', 'run', fixture('demo-agent.json'), '--input', 'hi'])
      expect(code).toBe(0)
      const lines = jsonLines(stdout)
      expect(lines.map((line) => line.type)).toEqual(expect.arrayContaining(['superstep_started', 'executor_invoked', 'agent_update', 'output']))
      expect(lines.at(-1)).toEqual({ type: 'result', status: 'succeeded', outputs: ['Demo reply: hi'] })
    },
    SLOW,
  )

  it(
    'runs the example workflow with its MCP server named by --mcp-config, and refuses it without',
    async () => {
      const document = join(scratch, 'example.json')
      writeFileSync(document, JSON.stringify(exampleWorkflowDocument()))
      const input = '/call research-assistant_word_count {"text":"one two three"}'
      const ran = await runAgentloom(['run', document, '--mcp-config', fixture('research-assistant.mcp.json'), '--input', input])
      expect(ran.stderr).toContain('researcher calls research-assistant_word_count {"text":"one two three"}')
      expect(ran.stdout).toBe('Result: 3\n')
      expect(ran.code).toBe(0)

      const refused = await runAgentloom(['run', document, '--input', input])
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain("The workflow uses the MCP server 'research-assistant': say what it is with --mcp-config")
    },
    SLOW,
  )

  it(
    'denies a tool call that needs consent when nobody is at a terminal, and approves it with --approve-tools',
    async () => {
      const input = '/call calculate {"expression":"2+2"}'
      const denied = await runAgentloom(['run', fixture('tool-approval.json'), '--input', input])
      expect(denied.stderr).toContain('denied tool call calculate: not interactive (pass --approve-tools to allow)')
      expect(denied.stdout).toBe('Result: Error: Tool call invocation was rejected by user.\n')
      expect(denied.code).toBe(0)

      const approved = await runAgentloom(['run', fixture('tool-approval.json'), '--input', input, '--approve-tools'])
      expect(approved.stdout).toBe('Result: 4\n')
      expect(approved.code).toBe(0)
    },
    SLOW,
  )

  it(
    'fails a human-input step nobody answers (exit 1), and passes on the --answer',
    async () => {
      const unanswered = await runAgentloom(['run', fixture('human-input.json'), '--input', 'draft'])
      expect(unanswered.code).toBe(1)
      expect(unanswered.stderr).toContain('no answer to "Which colour?": not interactive')
      expect(unanswered.stderr).toContain("✗ run failed: The input step 'ask' got no answer.")

      const answered = await runAgentloom(['--json', 'run', fixture('human-input.json'), '--answer', 'blue'])
      expect(jsonLines(answered.stdout).at(-1)).toEqual({ type: 'result', status: 'succeeded', outputs: ['blue'] })
      expect(answered.code).toBe(0)
    },
    SLOW,
  )

  it(
    'exits 1 when the run fails, naming the step and the reason',
    async () => {
      const { code, stdout, stderr } = await runAgentloom(['run', fixture('failing-transform.json'), '--input', 'abc'])
      expect(code).toBe(1)
      expect(stdout).toBe('')
      expect(stderr).toContain('✗ parse failed: Expression "int(input)"')
      expect(stderr).toContain('✗ run failed:')
    },
    SLOW,
  )

  it(
    'exits 2 for a document that cannot run, a missing file or an unknown option',
    async () => {
      const invalid = await runAgentloom(['run', graphFixture('invalid/no-output.json')])
      expect(invalid.code).toBe(2)
      expect(invalid.stderr).toMatch(/error \w+.*\n.*cannot run: fix the errors above/s)

      const missing = await runAgentloom(['run', join(scratch, 'nope.json')])
      expect(missing.code).toBe(2)
      expect(missing.stderr).toContain('no such file')

      const unknown = await runAgentloom(['run', fixture('demo-agent.json'), '--no-such-option'])
      expect(unknown.code).toBe(2)
      expect(unknown.stderr).toContain("unknown option '--no-such-option'")
    },
    SLOW,
  )
})

describe('agentloom validate', () => {
  it(
    'prints the problems of an invalid document and exits 1; a valid one has none',
    async () => {
      const invalid = await runAgentloom(['validate', graphFixture('invalid/dangling-edge.json')])
      expect(invalid.code).toBe(1)
      expect(invalid.stdout).toMatch(/dangling-edge\.json: error \w+ \(edge \S+\): /)

      const json = await runAgentloom(['--json', 'validate', graphFixture('invalid/dangling-edge.json')])
      const [report] = jsonLines(json.stdout)
      expect(report).toMatchObject({ ok: false, problems: expect.arrayContaining([expect.objectContaining({ severity: 'error' })]) })

      const valid = await runAgentloom(['validate', graphFixture('valid/v1-start-agent-output.json')])
      expect(valid.code).toBe(0)
      expect(valid.stdout).toContain('no problems')
    },
    SLOW,
  )
})

describe('agentloom --help', () => {
  // Every command's help is checked in-process by program.test.ts; this is the installed command itself.
  it(
    'explains the commands, and exits 0',
    async () => {
      const { code, stdout } = await runAgentloom(['--help'], {}, { through: 'bin' })
      expect(code).toBe(0)
      expect(stdout).toContain('Usage: agentloom')
      for (const command of ['run', 'validate', 'workflows', 'runs', 'approvals']) expect(stdout).toContain(`  ${command}`)
    },
    SLOW,
  )
})
