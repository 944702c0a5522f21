import { describe, expect, it } from 'vitest'
import { MCP_TOOL_NAME_PATTERN, mcpToolNameSchema, mcpToolSlug } from './mcp-tools'

describe('mcpToolSlug', () => {
  it('makes a valid tool name of any workflow or agent name', () => {
    expect(mcpToolSlug('Echo text!')).toBe('echo_text')
    expect(mcpToolSlug('  Café — Résumé v2 ')).toBe('cafe_resume_v2')
    expect(mcpToolSlug('***', 'workflow')).toBe('workflow')
    const long = mcpToolSlug('a '.repeat(80))
    expect(long.length).toBeLessThanOrEqual(64)
    expect(long).toMatch(MCP_TOOL_NAME_PATTERN)
  })
})

describe('mcpToolNameSchema', () => {
  it('takes what every MCP client takes, and nothing else', () => {
    expect(mcpToolNameSchema.safeParse('ask_colour-2').success).toBe(true)
    for (const bad of ['', 'has space', 'dotted.name', 'x'.repeat(65), 'ünïcode']) expect(mcpToolNameSchema.safeParse(bad).success).toBe(false)
  })
})
