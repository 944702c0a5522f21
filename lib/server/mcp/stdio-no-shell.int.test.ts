/**
 * stdio MCP servers are spawned without a shell (the SDK's StdioClientTransport uses cross-spawn
 * with `shell: false`): shell syntax in the arguments reaches the server as plain text and runs
 * nothing.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MCPStdioTool } from '@/lib/core'

const dir = mkdtempSync(join(tmpdir(), 'agentloom-no-shell-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a stdio server’s arguments', () => {
  it('are passed literally: no shell runs `; touch`, `$( )`, backticks, pipes or redirections', async () => {
    const marker = (name: string) => join(dir, name)
    const args = [
      join(import.meta.dirname, 'testing', 'argv-server.mjs'),
      `; touch ${marker('semicolon')}`,
      `$(touch ${marker('subshell')})`,
      `\`touch ${marker('backticks')}\``,
      `| touch ${marker('pipe')}`,
      `&& touch ${marker('and')}`,
      `> ${marker('redirect')}`,
      '*',
      '$HOME',
    ]
    const tool = new MCPStdioTool({ name: 'argv', command: process.execPath, args })
    try {
      await tool.connect()
      const result = await tool.callTool('argv', {})
      const text = (result.content as Array<{ type: string; text: string }>)[0]?.text ?? ''
      expect(JSON.parse(text)).toEqual(args.slice(1))
    } finally {
      await tool.close()
    }
    for (const name of ['semicolon', 'subshell', 'backticks', 'pipe', 'and', 'redirect']) expect(existsSync(marker(name)), name).toBe(false)
  })
})
