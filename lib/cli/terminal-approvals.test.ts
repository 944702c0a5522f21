/**
 * A local run's questions asked at a terminal (issue #16: "Approvals are asked on the terminal when
 * it is interactive"): the person's answers decide, in-process with a scripted terminal. The
 * terminal-less and flag-answered paths are covered by local-commands.int.test.ts.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CliIo } from './cli-io'
import { runCli } from './program'
import { REPOSITORY_ROOT } from './testing/run-agentloom'
import { TerminalApprovals } from './terminal-approvals'

const NO_ENV = {} as NodeJS.ProcessEnv
const NO_FLAGS = { approveTools: false, approveSampling: false, answers: [] }
const fixture = (name: string) => join(REPOSITORY_ROOT, 'lib', 'cli', '__fixtures__', name)

/** A terminal that gives the scripted replies in order and keeps what it was asked and what was printed. */
function terminal(...replies: string[]): CliIo & { questions: string[]; stdout: string; stderr: string } {
  const io = {
    questions: [] as string[],
    stdout: '',
    stderr: '',
    interactive: true,
    out: (text: string) => void (io.stdout += text),
    err: (text: string) => void (io.stderr += text),
    ask: async (question: string) => {
      io.questions.push(question)
      const reply = replies.shift()
      if (reply === undefined) throw new Error(`unexpected question: ${question}`)
      return reply
    },
  }
  return io
}

// Only the server's name is read.
const server = { serverName: 'research' } as never

describe('questions at a terminal', () => {
  it('allows a tool call only on a yes, showing its arguments once encoded', async () => {
    const io = terminal('y', 'yes', '', 'no')
    const approvals = new TerminalApprovals(io, NO_FLAGS)
    // A model's call carries its arguments as JSON text; a caller may pass an object.
    expect(await approvals.toolCall('calculate', '{"expression":"2+2"}')).toBe(true)
    expect(await approvals.toolCall('calculate', { expression: '2+2' })).toBe(true)
    expect(await approvals.toolCall('calculate', {})).toBe(false)
    expect(await approvals.toolCall('calculate', undefined)).toBe(false)
    expect(io.questions.slice(0, 2)).toEqual([
      '? Allow the call calculate {"expression":"2+2"}? [y/N] ',
      '? Allow the call calculate {"expression":"2+2"}? [y/N] ',
    ])
    expect(io.questions[3]).toBe('? Allow the call calculate {}? [y/N] ')
  })

  it('takes a human-input reply from the terminal once the --answer replies are used up', async () => {
    const io = terminal('typed reply')
    const approvals = new TerminalApprovals(io, { ...NO_FLAGS, answers: ['given'] })
    expect(await approvals.humanInput('Which colour?')).toBe('given')
    expect(await approvals.humanInput('Which colour?')).toBe('typed reply')
    expect(io.questions).toEqual(['? Which colour?\n> '])
  })

  it('asks about sampling with the server, its token cap and messages; a flag answers without asking', async () => {
    const io = terminal('n')
    const params = { messages: [{ role: 'user', content: { type: 'text', text: 'Summarise tides' } }], maxTokens: 200 }
    expect(await new TerminalApprovals(io, NO_FLAGS).sampling(params as never, server)).toBe(false)
    expect(io.questions[0]).toContain('? research asks the model for a completion (max 200 tokens):')
    expect(io.questions[0]).toContain('Summarise tides')
    expect(await new TerminalApprovals(io, { ...NO_FLAGS, approveSampling: true }).sampling(params as never, server)).toBe(true)
    expect(io.questions).toHaveLength(1)
  })

  it('accepts an elicitation answered as a JSON object, and declines an empty or malformed answer', async () => {
    const form = { mode: 'form', message: 'Pick a depth', requestedSchema: { type: 'object', properties: { depth: { type: 'string' } } } }
    const io = terminal('{"depth":"deep"}', '', '[1]')
    const approvals = new TerminalApprovals(io, NO_FLAGS)
    expect(await approvals.elicitation(form as never, server)).toEqual({ action: 'accept', content: { depth: 'deep' } })
    expect(await approvals.elicitation(form as never, server)).toEqual({ action: 'decline' })
    expect(await approvals.elicitation(form as never, server)).toEqual({ action: 'decline' })
    expect(io.questions[0]).toContain('? research asks: Pick a depth')
    expect(io.stderr).toContain('declined: the answer was not a JSON object')
  })

  it('declines a URL-mode elicitation without asking', async () => {
    const io = terminal()
    expect(await new TerminalApprovals(io, NO_FLAGS).elicitation({ mode: 'url', message: 'Sign in' } as never, server)).toEqual({ action: 'decline' })
    expect(io.stderr).toContain("declined research's request for information: URL mode is not offered")
  })
})

describe('agentloom run at a terminal (in-process)', () => {
  const input = '/call calculate {"expression":"2+2"}'

  it('runs the tool call the person allows, and gives the agent the refusal when they do not', async () => {
    const allowed = terminal('y')
    expect(await runCli(['run', fixture('tool-approval.json'), '--input', input], { io: allowed, env: NO_ENV })).toBe(0)
    expect(allowed.questions).toEqual(['? Allow the call calculate {"expression":"2+2"}? [y/N] '])
    expect(allowed.stdout).toBe('Result: 4\n')

    const refused = terminal('n')
    expect(await runCli(['run', fixture('tool-approval.json'), '--input', input], { io: refused, env: NO_ENV })).toBe(0)
    expect(refused.stdout).toBe('Result: Error: Tool call invocation was rejected by user.\n')
  })

  it('passes on the answer typed for a human-input step', async () => {
    const io = terminal('green')
    expect(await runCli(['--json', 'run', fixture('human-input.json'), '--input', 'draft'], { io, env: NO_ENV })).toBe(0)
    expect(io.questions).toEqual(['? Which colour?\n> '])
    expect(io.stdout.trim().split('\n').at(-1)).toBe(JSON.stringify({ type: 'result', status: 'succeeded', outputs: ['green'] }))
  })
})
