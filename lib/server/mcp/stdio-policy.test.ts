import { describe, expect, it } from 'vitest'
import { assertStdioCommandAllowed, commandRefusal, stdioPolicyFromEnv } from './stdio-policy'

describe('stdioPolicyFromEnv', () => {
  it('allows stdio servers and any command by default', () => {
    expect(stdioPolicyFromEnv({})).toEqual({ enabled: true, allowedCommands: null })
    expect(stdioPolicyFromEnv({ AGENTLOOM_STDIO_MCP: ' On ', AGENTLOOM_STDIO_COMMANDS: ' , ' })).toEqual({ enabled: true, allowedCommands: null })
  })

  it('turns them off with off, and with any value it does not recognise', () => {
    for (const value of ['off', 'OFF', 'false', '0', 'no']) {
      expect(stdioPolicyFromEnv({ AGENTLOOM_STDIO_MCP: value })).toMatchObject({
        enabled: false,
        disabledReason: expect.stringContaining('AGENTLOOM_STDIO_MCP=off'),
      })
    }
    expect(stdioPolicyFromEnv({ AGENTLOOM_STDIO_MCP: 'of' })).toMatchObject({
      enabled: false,
      disabledReason: expect.stringContaining("AGENTLOOM_STDIO_MCP is 'of'"),
    })
  })

  it('reads the command allowlist', () => {
    expect(stdioPolicyFromEnv({ AGENTLOOM_STDIO_COMMANDS: 'node, npx,,/usr/bin/python3' }).allowedCommands).toEqual(['node', 'npx', '/usr/bin/python3'])
  })
})

describe('commandRefusal', () => {
  const policy = stdioPolicyFromEnv({ AGENTLOOM_STDIO_COMMANDS: 'node,/usr/bin/python3' })

  it('matches bare names and absolute paths exactly', () => {
    expect(commandRefusal(policy, 'node')).toBeUndefined()
    expect(commandRefusal(policy, '/usr/bin/python3')).toBeUndefined()
    for (const command of ['/tmp/evil/node', '/usr/bin/node', 'python3', 'nodejs', 'Node', 'sh']) {
      expect(commandRefusal(policy, command), command).toContain('AGENTLOOM_STDIO_COMMANDS allows')
    }
  })

  it('refuses every command when stdio servers are off', () => {
    expect(commandRefusal(stdioPolicyFromEnv({ AGENTLOOM_STDIO_MCP: 'off' }), 'node')).toContain('turned off')
  })

  it('names the server and the setting when it throws', () => {
    expect(() => assertStdioCommandAllowed('files', 'bash', policy)).toThrow("MCP server 'files' was not started: The command 'bash' is not allowed")
    expect(() => assertStdioCommandAllowed('files', 'node', policy)).not.toThrow()
  })
})
