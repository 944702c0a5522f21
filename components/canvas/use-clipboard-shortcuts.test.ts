import { describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from '@/lib/graph/example-workflow'
import { copyFragment, serializeFragment } from './clipboard'
import { createCanvasStore } from './store'
import { pasteText } from './use-clipboard-shortcuts'

describe('pasting clipboard text on the canvas', () => {
  it('moves each repeated paste of the same text one step further', () => {
    const store = createCanvasStore({ workflowId: 'wf', name: 'T', document: exampleWorkflowDocument(), version: 1 })
    const researcher = store.getState().nodes.find((node) => node.id === 'researcher')!
    const text = serializeFragment(copyFragment(store.getState().toDocument(), new Set(['researcher'])))
    expect(pasteText(store, text)).toEqual({ pasted: 1 })
    expect(pasteText(store, text)).toEqual({ pasted: 1 })
    const positions = store
      .getState()
      .nodes.filter((node) => node.id.startsWith('agent-'))
      .map((node) => node.position)
    expect(positions).toEqual([
      { x: researcher.position.x + 40, y: researcher.position.y + 40 },
      { x: researcher.position.x + 80, y: researcher.position.y + 80 },
    ])
  })

  it('ignores text that is not ours and reports a clipboard it cannot read', () => {
    const store = createCanvasStore({ workflowId: 'wf', name: 'T', document: exampleWorkflowDocument(), version: 1 })
    expect(pasteText(store, 'just words')).toEqual({ pasted: 0 })
    expect(pasteText(store, undefined)).toEqual({ pasted: 0 })
    expect(pasteText(store, JSON.stringify({ agentloom: 'nodes', version: 9, nodes: [], edges: [] }))).toMatchObject({
      pasted: 0,
      error: expect.stringContaining('newer than this app supports'),
    })
    expect(store.getState().history.past).toEqual([])
  })
})
