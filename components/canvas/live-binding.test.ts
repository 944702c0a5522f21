import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { GraphDocument } from '@/lib/graph/document'
import { exampleWorkflowDocument } from '@/lib/graph/example-workflow'
import { liveNodes, readLiveDocument, seedLiveDocument, writeGraphChange } from '@/lib/graph/live-document'
import { validateDocument } from '@/lib/graph/validate'
import type { NodeData } from '@/lib/graph/node-data'
import { bindCanvasStoreToLiveDocument, mergedIntoLast } from './live-binding'
import { createCanvasStore, selectCanRedo, selectCanUndo, selectIsDirty, type CanvasStore } from './store'

/**
 * Two people's replicas of one shared document, exchanging every update at once as the provider would, until one goes
 * offline; coming back, each sends what the other lacks (Yjs' state vectors), as the provider's sync does.
 */
class Network {
  readonly docs: Y.Doc[] = []
  private readonly offline = new Set<Y.Doc>()

  join(doc: Y.Doc): Y.Doc {
    for (const other of this.docs) {
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(other), this)
    }
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === this || this.offline.has(doc)) return
      for (const other of this.docs) if (other !== doc && !this.offline.has(other)) Y.applyUpdate(other, update, this)
    })
    this.docs.push(doc)
    return doc
  }

  goOffline(doc: Y.Doc): void {
    this.offline.add(doc)
  }

  reconnect(doc: Y.Doc): void {
    this.offline.delete(doc)
    for (const other of this.docs) {
      if (other === doc || this.offline.has(other)) continue
      Y.applyUpdate(other, Y.encodeStateAsUpdate(doc, Y.encodeStateVector(other)), this)
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(doc)), this)
    }
  }
}

/** The server's document, seeded from the saved version, and two people who opened the workflow. */
function twoPeople(document: GraphDocument = exampleWorkflowDocument()) {
  const network = new Network()
  const server = network.join(new Y.Doc())
  seedLiveDocument(server, document)
  const open = () => {
    const doc = network.join(new Y.Doc())
    const store = createCanvasStore({ workflowId: 'wf1', name: 'Test', document, version: 1 })
    const binding = bindCanvasStoreToLiveDocument(store, doc)
    return { doc, store, binding }
  }
  return { network, server, ada: open(), bob: open() }
}

function graphOf(store: CanvasStore): GraphDocument {
  const document = store.getState().toDocument()
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  return { ...document, nodes: [...document.nodes].sort(byId), edges: [...document.edges].sort(byId) }
}

function node(store: CanvasStore, id: string) {
  return store.getState().nodes.find((candidate) => candidate.id === id)
}

function drag(store: CanvasStore, id: string, steps: Array<{ x: number; y: number }>) {
  for (const [i, position] of steps.entries()) {
    store.getState().onNodesChange([{ type: 'position', id, position, dragging: i < steps.length - 1 }])
  }
}

function rename(store: CanvasStore, id: string, name: string) {
  const data = node(store, id)!.data as NodeData & { name: string }
  store.getState().updateNodeData(id, { ...data, name } as NodeData, `${id}:name`)
}

describe('live binding of the canvas store', () => {
  it('merges what two people do at the same time, on both canvases and in the shared document', () => {
    const { network, server, ada, bob } = twoPeople()
    // Both add "the next agent" at the same moment: neither has seen the other's yet.
    network.goOffline(ada.doc)
    network.goOffline(bob.doc)
    const adaAgent = ada.store.getState().addNode('agent', { x: 100, y: 300 })
    const bobAgent = bob.store.getState().addNode('agent', { x: 500, y: 300 })
    network.reconnect(ada.doc)
    network.reconnect(bob.doc)
    drag(ada.store, 'researcher', [
      { x: 330, y: 50 },
      { x: 340, y: 60 },
    ])
    rename(bob.store, 'researcher', 'Scholar')
    ada.store.getState().onConnect({ source: 'researcher', target: adaAgent!, sourceHandle: null, targetHandle: null })

    // Two agents, with readable ids that do not collide.
    expect(adaAgent).toMatch(/^agent-1-[a-z0-9]{2}$/)
    expect(bobAgent).toMatch(/^agent-1-[a-z0-9]{2}$/)
    expect(adaAgent).not.toBe(bobAgent)
    expect(graphOf(ada.store)).toEqual(graphOf(bob.store))
    expect(graphOf(ada.store)).toEqual(readLiveDocument(server))
    const researcher = graphOf(bob.store).nodes.find((n) => n.id === 'researcher')!
    expect(researcher.position).toEqual({ x: 340, y: 60 })
    expect(researcher.data).toMatchObject({ name: 'Scholar' })
    expect(graphOf(bob.store).nodes.map((n) => n.id)).toEqual(expect.arrayContaining([adaAgent, bobAgent]))
    expect(graphOf(bob.store).edges.some((edge) => edge.target === adaAgent)).toBe(true)
  })

  it('applies another person’s edit without a new empty list of server problems (the problems’ summary stays as it was)', () => {
    const { ada, bob } = twoPeople()
    const none = bob.store.getState().serverProblems
    rename(ada.store, 'researcher', 'Scholar')
    expect(node(bob.store, 'researcher')!.data).toMatchObject({ name: 'Scholar' })
    expect(bob.store.getState().serverProblems).toBe(none)
  })

  it('undoes only the person’s own edits, a drag as one step, and redoes them', () => {
    const { ada, bob } = twoPeople()
    drag(ada.store, 'researcher', [
      { x: 330, y: 50 },
      { x: 360, y: 90 },
      { x: 400, y: 120 },
    ])
    rename(bob.store, 'researcher', 'S')
    rename(bob.store, 'researcher', 'Sc')
    rename(bob.store, 'researcher', 'Scholar')
    ada.store.getState().setEdgeCondition('researcher->output', 'true')

    ada.store.getState().undo()
    expect(node(bob.store, 'researcher')!.data).toMatchObject({ name: 'Scholar' })
    expect(bob.store.getState().edges.find((edge) => edge.id === 'researcher->output')!.data).toEqual({})
    ada.store.getState().undo()
    // The whole drag went back at once; Bob's rename stayed.
    for (const store of [ada.store, bob.store]) {
      expect(node(store, 'researcher')!.position).toEqual({ x: 320, y: 40 })
      expect(node(store, 'researcher')!.data).toMatchObject({ name: 'Scholar' })
    }
    expect(selectCanUndo(ada.store.getState())).toBe(false)
    expect(selectCanRedo(ada.store.getState())).toBe(true)

    // Bob's typing is one step of his own.
    bob.store.getState().undo()
    expect(node(ada.store, 'researcher')!.data).toMatchObject({ name: 'Researcher' })
    expect(selectCanUndo(bob.store.getState())).toBe(false)

    ada.store.getState().redo()
    expect(node(bob.store, 'researcher')!.position).toEqual({ x: 400, y: 120 })
    expect(graphOf(ada.store)).toEqual(graphOf(bob.store))
  })

  it('keeps the person’s selection, measured sizes and untouched nodes as they were when others change the graph', () => {
    const { ada, bob } = twoPeople()
    ada.store.getState().selectOnly({ nodeId: 'researcher' })
    ada.store.getState().onNodesChange([{ type: 'dimensions', id: 'researcher', dimensions: { width: 240, height: 90 }, setAttributes: true }])
    const start = node(ada.store, 'start')
    const history = ada.store.getState().history

    drag(bob.store, 'researcher', [{ x: 10, y: 10 }])
    rename(bob.store, 'researcher', 'Scholar')
    bob.store.getState().deleteElements(['output'], [])

    const researcher = node(ada.store, 'researcher')!
    expect(researcher).toMatchObject({ selected: true, measured: { width: 240, height: 90 }, position: { x: 10, y: 10 } })
    expect(researcher.data).toMatchObject({ name: 'Scholar' })
    expect(node(ada.store, 'start')).toBe(start)
    expect(node(ada.store, 'output')).toBeUndefined()
    // Nothing of Bob's entered Ada's undo: she has nothing to undo.
    expect(ada.store.getState().history).toBe(history)
    expect(selectCanUndo(ada.store.getState())).toBe(false)
  })

  it('lets a person who went offline keep editing, and merges both sides when they are back', () => {
    const { network, server, ada, bob } = twoPeople()
    network.goOffline(ada.doc)
    const added = ada.store.getState().addNode('transform', { x: 50, y: 400 })!
    ada.store.getState().onConnect({ source: 'start', target: added, sourceHandle: null, targetHandle: null })
    rename(ada.store, 'researcher', 'Offline name')
    drag(bob.store, 'output', [{ x: 900, y: 80 }])
    bob.store.getState().setEdgeCondition('start->researcher', 'true')
    expect(node(bob.store, added)).toBeUndefined()

    network.reconnect(ada.doc)
    expect(graphOf(ada.store)).toEqual(graphOf(bob.store))
    expect(graphOf(bob.store)).toEqual(readLiveDocument(server))
    expect(node(bob.store, added)).toBeDefined()
    expect(node(ada.store, 'output')!.position).toEqual({ x: 900, y: 80 })
    expect(node(bob.store, 'researcher')!.data).toMatchObject({ name: 'Offline name' })
    expect(validateDocument(readLiveDocument(server)).filter((problem) => problem.severity === 'error')).toEqual([])
  })

  it('drops an edge whose node someone else deleted meanwhile', () => {
    const { network, server, ada, bob } = twoPeople()
    network.goOffline(ada.doc)
    ada.store.getState().deleteElements(['output'], [])
    bob.store.getState().onConnect({ source: 'start', target: 'output', sourceHandle: null, targetHandle: null })
    network.reconnect(ada.doc)
    for (const store of [ada.store, bob.store]) expect(store.getState().edges.filter((edge) => edge.target === 'output')).toEqual([])
    expect(readLiveDocument(server).edges.filter((edge) => edge.target === 'output')).toEqual([])
  })

  it('changes nothing for a follower, who still sees every change', () => {
    const network = new Network()
    const server = network.join(new Y.Doc())
    seedLiveDocument(server, exampleWorkflowDocument())
    const editor = createCanvasStore({ workflowId: 'wf1', name: 'Test', document: exampleWorkflowDocument(), version: 1 })
    bindCanvasStoreToLiveDocument(editor, network.join(new Y.Doc()))
    const runner = createCanvasStore({ workflowId: 'wf1', name: 'Test', document: exampleWorkflowDocument(), version: 1 })
    bindCanvasStoreToLiveDocument(runner, network.join(new Y.Doc()), { readOnly: true })

    expect(runner.getState().addNode('agent', { x: 0, y: 0 })).toBeUndefined()
    runner.getState().deleteElements(['output'], [])
    drag(runner, 'start', [{ x: 5, y: 5 }])
    expect(readLiveDocument(server)).toEqual(readLiveDocument(network.docs[1]!))
    expect(node(runner, 'output')).toBeDefined()
    expect(runner.getState().live).toMatchObject({ readOnly: true, canUndo: false })

    drag(editor, 'start', [{ x: 7, y: 7 }])
    expect(node(runner, 'start')!.position).toEqual({ x: 7, y: 7 })
  })

  it('starts from the shared document, keeping what the person changed before it arrived', () => {
    const network = new Network()
    const server = network.join(new Y.Doc())
    const saved = exampleWorkflowDocument()
    seedLiveDocument(server, saved)
    // Someone moved the output live since the last save.
    const moved = { ...saved, nodes: saved.nodes.map((n) => (n.id === 'output' ? { ...n, position: { x: 1000, y: 0 } } : n)) }
    const live = readLiveDocument(server)
    writeGraphChange(server, live, { ...live, nodes: live.nodes.map((n) => (n.id === 'output' ? moved.nodes.find((m) => m.id === 'output')! : n)) })

    const store = createCanvasStore({ workflowId: 'wf1', name: 'Test', document: saved, version: 1 })
    drag(store, 'start', [{ x: -50, y: 80 }])
    bindCanvasStoreToLiveDocument(store, network.join(new Y.Doc()))
    expect(node(store, 'output')!.position).toEqual({ x: 1000, y: 0 })
    expect(readLiveDocument(server).nodes.find((n) => n.id === 'start')!.position).toEqual({ x: -50, y: 80 })
    // Unsaved: the shared document differs from the saved version.
    expect(selectIsDirty(store.getState())).toBe(true)
  })

  it('writes what the person did before the document arrived as their own undo steps', () => {
    const network = new Network()
    const server = network.join(new Y.Doc())
    seedLiveDocument(server, exampleWorkflowDocument())
    const store = createCanvasStore({ workflowId: 'wf1', name: 'Test', document: exampleWorkflowDocument(), version: 1 })
    drag(store, 'start', [
      { x: 5, y: 5 },
      { x: 10, y: 10 },
    ])
    rename(store, 'researcher', 'Early')
    bindCanvasStoreToLiveDocument(store, network.join(new Y.Doc()))
    const live = () => readLiveDocument(server).nodes
    expect(live().find((n) => n.id === 'researcher')!.data).toMatchObject({ name: 'Early' })
    store.getState().undo()
    expect(live().find((n) => n.id === 'researcher')!.data).toMatchObject({ name: 'Researcher' })
    expect(live().find((n) => n.id === 'start')!.position).toEqual({ x: 10, y: 10 })
    store.getState().undo()
    expect(live().find((n) => n.id === 'start')!.position).toEqual({ x: 0, y: 80 })
    expect(selectCanUndo(store.getState())).toBe(false)
  })

  it('binds a draft after its first save without writing again what the save holds', () => {
    // A draft drawn from the starter, then saved: the server seeds the shared document from that first version.
    const draft = createCanvasStore({ workflowId: '', name: 'Draft', document: { schemaVersion: 1, nodes: [], edges: [] }, version: null })
    const agent = draft.getState().addNode('agent', { x: 100, y: 100 })!
    rename(draft, agent, 'Drafted')
    draft.getState().adoptWorkflow('wf1', 'Draft', 1)
    draft.getState().markSaved(1, draft.getState().toDocument())
    // Moved after the save, before the document arrived: that alone is still to be written.
    drag(draft, agent, [{ x: 150, y: 120 }])
    const network = new Network()
    const server = network.join(new Y.Doc())
    seedLiveDocument(server, draft.getState().savedDocument)
    const seededEntry = liveNodes(server).get(agent)
    // Someone who opened it from the list renames the agent at the same moment.
    const bob = network.join(new Y.Doc())
    ;(liveNodes(bob).get(agent)!.get('data') as Y.Map<unknown>).set('name', 'Renamed by Bob')

    bindCanvasStoreToLiveDocument(draft, network.join(new Y.Doc()))
    const nodes = readLiveDocument(server).nodes
    expect(nodes.map((n) => n.id)).toEqual([agent])
    expect(nodes[0]!.data).toMatchObject({ name: 'Renamed by Bob' })
    expect(nodes[0]!.position).toEqual({ x: 150, y: 120 })
    // The node the server seeded is still the one everybody edits (not deleted and added back).
    expect(liveNodes(server).get(agent)).toBe(seededEntry)
    expect(graphOf(draft)).toEqual(readLiveDocument(server))
  })

  it('tells a merged command from a new one in the store’s log', () => {
    const move = { type: 'move' as const, moves: {} }
    const other = { type: 'move' as const, moves: {} }
    expect(mergedIntoLast({ past: [move], future: [] }, { past: [other], future: [] })).toBe(true)
    expect(mergedIntoLast({ past: [], future: [] }, { past: [other], future: [] })).toBe(false)
    expect(mergedIntoLast({ past: [move, move], future: [] }, { past: [move, other], future: [] })).toBe(true)
    expect(mergedIntoLast({ past: [move, other], future: [] }, { past: [other, move], future: [] })).toBe(false)
  })
})
