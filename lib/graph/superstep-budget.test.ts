import { describe, expect, it } from 'vitest'
import { DemoChatClient } from '@/lib/core'
import { compile } from './compile/compile'
import type { CompileRegistry } from './compile/registry'
import { longestPathSupersteps, superstepBudgetProblems } from './superstep-budget'
import { graph } from './testing/graph-builder'

/** start → n transform nodes → output. */
function chain(n: number) {
  const builder = graph().start()
  const ids = Array.from({ length: n }, (_, i) => `t${i}`)
  for (const id of ids) builder.node(id, 'transform')
  return builder
    .output()
    .chain('start', ...ids, 'output')
    .build()
}

const registry: CompileRegistry = {
  chatClient: () => new DemoChatClient(),
  mcpServer: (id) => {
    throw new Error(`no server ${id}`)
  },
  functionTool: () => undefined,
}

describe('superstep budget', () => {
  it('counts the supersteps a chain needs exactly as the engine takes them', async () => {
    const document = chain(5)
    expect(longestPathSupersteps(document)).toBe(6)
    await expect(compile(document, registry, { maxIterations: 6 }).run('hi')).resolves.toBeDefined()
    await expect(compile(document, registry, { maxIterations: 5 }).run('hi')).rejects.toThrow(/did not converge/)
  })

  it('takes the longest of several paths, and counts a loop once around', () => {
    const branches = graph()
      .start()
      .node('split', 'fan_out')
      .node('a', 'transform')
      .node('b1', 'transform')
      .node('b2', 'transform')
      .node('join', 'fan_in')
      .output()
      .chain('start', 'split', 'a', 'join', 'output')
      .chain('split', 'b1', 'b2', 'join')
      .build()
    expect(longestPathSupersteps(branches)).toBe(5)
    const loop = graph()
      .start()
      .node('work', 'transform')
      .node('check', 'condition', { cases: [{ id: 'again', expression: 'false' }] })
      .output()
      .chain('start', 'work', 'check', 'output')
      .edge('check', 'work', { sourceHandle: 'again' })
      .build()
    expect(longestPathSupersteps(loop)).toBe(3)
  })

  it('warns in plain words when the longest path needs more than the workflow allows', () => {
    expect(superstepBudgetProblems(chain(1_000), 100)).toEqual([
      {
        severity: 'warning',
        code: 'too_many_steps',
        message: 'This workflow needs up to 1001 steps but may take at most 100; raise Max steps in Settings.',
      },
    ])
    expect(superstepBudgetProblems(chain(1_000), 1_001)).toEqual([])
    expect(superstepBudgetProblems(chain(99), 100)).toEqual([])
  })
})
