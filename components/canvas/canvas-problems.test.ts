import { describe, expect, it } from 'vitest'
import { gridGraph } from '@/e2e/fixtures/graphs'
import { parseGraphDocument } from '@/lib/graph/migrate'
import type { NodeData } from '@/lib/graph/node-data'
import type { ServerFacts } from '@/lib/graph/server-facts'
import { canvasToDocument } from './adapter'
import { CanvasValidator, sameProblems, validateCanvas } from './canvas-problems'
import { copyFragment } from './clipboard'
import { createCanvasStore, type CanvasStore } from './store'

const facts: ServerFacts = { openAiConfigured: false, savedAgents: [], mcpServerIds: [], skillIds: [], workflows: [] }

function gridStore(size: number): CanvasStore {
  const parsed = parseGraphDocument(gridGraph(size))
  if (!parsed.ok) throw new Error(parsed.problems[0]?.message)
  return createCanvasStore({ workflowId: 'wf', name: 'Grid', document: parsed.document, version: 1 })
}

function dataOf(store: CanvasStore, id: string): Record<string, unknown> {
  return store.getState().nodes.find((node) => node.id === id)!.data as Record<string, unknown>
}

describe('CanvasValidator', () => {
  it('answers what a full validation answers after every kind of edit', () => {
    const store = gridStore(60)
    const state = () => store.getState()
    const edit = (id: string, change: Record<string, unknown>) => state().updateNodeData(id, { ...dataOf(store, id), ...change } as NodeData, 'edit')
    const steps: Array<() => void> = [
      () => undefined,
      // Typing a title; breaking and fixing an expression; a value the schema refuses (a node's schema problem).
      () => edit('n1', { label: 'Step one' }),
      () => edit('n1', { expression: 'input +' }),
      () => edit('n1', { expression: 'input' }),
      () => edit('n0', { model: { provider: 'openai', temperature: 9 } }),
      () => edit('n0', { model: { provider: 'openai' } }),
      // Moving, selecting, connecting, a condition on an edge, deleting, pasting, undo and redo.
      () => state().moveNodes({ n2: { x: 1, y: 2 } }),
      () => state().selectAll(),
      () => state().onConnect({ source: 'n3', target: 'n3', sourceHandle: null, targetHandle: null }),
      () => state().setEdgeCondition(state().edges[2]!.id, 'input ==='),
      () => state().deleteElements(['n4', 'n5', 'output'], []),
      () => state().insertFragment(copyFragment(state().toDocument(), new Set(['n6', 'n7', 'n8']))),
      () => state().undo(),
      () => state().undo(),
      () => state().redo(),
      () => state().addNode('fan_in', { x: 0, y: 0 }),
    ]
    const validator = new CanvasValidator()
    for (const [i, step] of steps.entries()) {
      step()
      const document = canvasToDocument(state().nodes, state().edges)
      // Without the server's facts while they load (the first step), then with them; a refetch is a new object.
      const context = i === 0 ? undefined : { facts: i < 8 ? facts : { ...facts, mcpServerIds: ['files'] }, workflowId: 'wf' }
      expect(validator.validate(document, context)).toEqual(validateCanvas(document, context))
    }
  })

  it('tells equal answers from different ones', () => {
    const store = gridStore(20)
    const document = () => canvasToDocument(store.getState().nodes, store.getState().edges)
    const before = validateCanvas(document(), undefined)
    expect(sameProblems(before, validateCanvas(document(), undefined))).toBe(true)
    store.getState().updateNodeData('n1', { ...dataOf(store, 'n1'), expression: 'input +' } as NodeData)
    expect(sameProblems(before, validateCanvas(document(), undefined))).toBe(false)
  })
})
