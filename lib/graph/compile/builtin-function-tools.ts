/**
 * The function tools an agent node can pick by name. Small, safe and offline: they compute
 * from their arguments only (no network, no file system, no code evaluation — `calculate`
 * uses the CEL expression language, which cannot reach anything outside the expression).
 * Here in lib/graph so that every runner of a document finds the same tools: the app's worker
 * and the `agentloom` command line.
 */
import { tool, type FunctionTool } from '@/lib/core'
import { compileExpression } from '../cel'
import { z } from 'zod'

const currentTime = tool({
  name: 'current_time',
  description: 'The current date and time, in an IANA time zone such as Europe/Paris (UTC when none is given).',
  parameters: z.object({ timeZone: z.string().max(64).optional().describe('An IANA time zone name, e.g. America/New_York') }),
  execute: ({ timeZone }) => {
    const zone = timeZone ?? 'UTC'
    let formatted: string
    try {
      formatted = new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'full', timeStyle: 'long' }).format(new Date())
    } catch {
      throw new Error(`Unknown time zone '${zone}'.`)
    }
    return { iso: new Date().toISOString(), timeZone: zone, formatted }
  },
})

const calculate = tool({
  name: 'calculate',
  description: 'Evaluate an arithmetic expression, e.g. "(17.5 * 4.0) / 3.0" or "2 + 2". Use decimals for division with fractions.',
  parameters: z.object({ expression: z.string().min(1).max(500) }),
  execute: ({ expression }) => {
    const result = compileExpression(expression).evaluate(undefined)
    if (typeof result !== 'number' && typeof result !== 'bigint' && typeof result !== 'boolean') {
      throw new Error('The expression must produce a number.')
    }
    return typeof result === 'bigint' ? Number(result) : result
  },
})

const wordCount = tool({
  name: 'word_count',
  description: 'Count the words and characters in a text.',
  parameters: z.object({ text: z.string() }),
  execute: ({ text }) => ({ words: text.trim() === '' ? 0 : text.trim().split(/\s+/u).length, characters: [...text].length }),
})

const BUILTIN_TOOLS: readonly FunctionTool[] = [currentTime, calculate, wordCount] as unknown as FunctionTool[]
const BY_NAME = new Map(BUILTIN_TOOLS.map((t) => [t.name, t]))

export function builtinFunctionTool(name: string): FunctionTool | undefined {
  return BY_NAME.get(name)
}

/** Name and description of each, as GET /api/function-tools lists them (the editor's tool picker). */
export function listBuiltinFunctionTools(): Array<{ name: string; description: string }> {
  return BUILTIN_TOOLS.map((t) => ({ name: t.name, description: t.description }))
}
