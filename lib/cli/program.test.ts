import { describe, expect, it } from 'vitest'
import { EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io'
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

const COMMANDS = [[], ['run'], ['validate'], ['workflows', 'list'], ['runs', 'start'], ['runs', 'follow'], ['approvals', 'list'], ['approvals', 'answer']]

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
