/**
 * The work behind each editing action on a large workflow, in Node, without the browser (issue #15, "a 1,000-node
 * workflow stays usable"): what the canvas store, the problem checks, the inspector's lists, auto-layout, the
 * version diff and the server's save validation compute for one action. The browser's own cost (React rendering,
 * layout, paint) is measured by bench/canvas/canvas-editing.spec.ts; this one says which pure step is slow.
 *
 *   npx tsx bench/canvas-editing.ts [--sizes 1000] [--json]
 *
 * Per case: the median CPU time (user + system) of repeated runs (at least 5, and 300 ms of runs; auto-layout 3 runs):
 * on a machine shared with other work, wall time swings with the load, the process's CPU time much less. The clock's
 * resolution is a microsecond; figures under ~0.05 ms are at its edge. Reported, never asserted.
 */
import { loadavg } from 'node:os'
import type { XYPosition } from '@xyflow/react'
import { gridGraph } from '../e2e/fixtures/graphs'
import { canvasToDocument } from '../components/canvas/adapter'
import { computeLayout } from '../components/canvas/auto-layout'
import { CanvasValidator, mergeProblems, summarize, validateCanvas } from '../components/canvas/canvas-problems'
import { copyFragment } from '../components/canvas/clipboard'
import { connectionCandidates } from '../components/canvas/inspector/connection-candidates'
import { createCanvasStore, selectIsDirty, type CanvasStore } from '../components/canvas/store'
import { diffDocuments } from '../lib/graph/diff'
import type { GraphDocument } from '../lib/graph/document'
import { parseGraphDocument } from '../lib/graph/migrate'
import type { ServerFacts } from '../lib/graph/server-facts'
import { validate } from '../lib/graph/validate'

const argValue = (flag: string): string | undefined => {
  const index = process.argv.indexOf(flag)
  return index >= 0 ? process.argv[index + 1] : undefined
}
const SIZES = (argValue('--sizes') ?? '1000').split(',').map(Number)
const JSON_OUT = process.argv.includes('--json')

const FACTS: ServerFacts = { openAiConfigured: false, savedAgents: [], mcpServerIds: [], skillIds: [], workflows: [] }

interface Row {
  size: number
  action: string
  step: string
  medianMs: number
  runs: number
}

function documentOf(size: number): GraphDocument {
  const parsed = parseGraphDocument(gridGraph(size))
  if (!parsed.ok) throw new Error(`the generated graph does not parse: ${parsed.problems[0]?.message}`)
  return parsed.document
}

function storeOf(document: GraphDocument): CanvasStore {
  return createCanvasStore({ workflowId: 'wf-bench', name: 'Bench', document, version: 1 })
}

/** Median of `run`'s CPU time; `prepare` (untimed) runs before each. */
async function measure(
  run: () => unknown,
  options: { prepare?: () => void; minRuns?: number; minMs?: number } = {},
): Promise<{ medianMs: number; runs: number }> {
  const { prepare, minRuns = 5, minMs = 300 } = options
  const times: number[] = []
  let spent = 0
  while (times.length < minRuns || spent < minMs) {
    prepare?.()
    const started = process.cpuUsage()
    await run()
    const used = process.cpuUsage(started)
    const elapsed = (used.user + used.system) / 1000
    times.push(elapsed)
    spent += elapsed
    if (times.length >= 200) break
  }
  times.sort((a, b) => a - b)
  return { medianMs: times[Math.floor(times.length / 2)]!, runs: times.length }
}

/** One keystroke in a node's title: the store's update, then what every subscriber computes from the new state. */
async function keystroke(size: number, rows: Row[]) {
  const store = storeOf(documentOf(size))
  const target = store.getState().nodes.find((node) => node.type === 'transform')!
  store.getState().selectOnly({ nodeId: target.id })
  let typed = 0
  const type = () => {
    const node = store.getState().nodes.find((n) => n.id === target.id)!
    store.getState().updateNodeData(node.id, { ...node.data, label: `Step ${typed++}` } as typeof node.data, 'label')
  }
  const add = async (step: string, run: () => unknown, prepare?: () => void) =>
    rows.push({ size, action: 'keystroke in the inspector', step, ...(await measure(run, { prepare })) })

  await add('store: update node data (apply + undo log)', type)
  const state = () => store.getState()
  await add('dirty check (toolbar)', () => selectIsDirty(state()), type)
  const context = { facts: FACTS, workflowId: 'wf-bench' }
  await add(
    'problem checks, all nodes (validateCanvas)',
    () => summarize(mergeProblems(validateCanvas(canvasToDocument(state().nodes, state().edges), context), [])),
    type,
  )
  // As the editor runs them: the nodes the keystroke did not touch keep their answers.
  const validator = new CanvasValidator()
  await add(
    'problem checks, as the editor runs them (CanvasValidator)',
    () => validator.validate(canvasToDocument(state().nodes, state().edges), context),
    type,
  )
  await add('"Connect to…" candidates', () => connectionCandidates(state().nodes, state().edges, target.id, null), type)
}

async function editing(size: number, rows: Row[]) {
  const document = documentOf(size)
  const add = async (action: string, run: () => unknown, options: { prepare?: () => void; minRuns?: number; minMs?: number } = {}) =>
    rows.push({ size, action, step: 'store', ...(await measure(run, options)) })

  let store = storeOf(document)
  const fresh = () => {
    store = storeOf(document)
  }
  const ids = document.nodes.map((node) => node.id)
  await add('select a node', () => store.getState().selectOnly({ nodeId: ids[(Math.random() * ids.length) | 0] }))
  await add('select all', () => store.getState().selectAll(), { prepare: () => store.getState().selectOnly({}) })

  // One frame of a drag of every node: React Flow reports a position change per selected node.
  let frame = 0
  const dragFrame = () => {
    frame++
    const changes = store.getState().nodes.map((node) => ({
      type: 'position' as const,
      id: node.id,
      position: { x: node.position.x + 1, y: node.position.y + (frame % 2) } satisfies XYPosition,
      dragging: true,
    }))
    store.getState().onNodesChange(changes)
  }
  fresh()
  store.getState().selectAll()
  await add('drag all nodes (one frame)', dragFrame)

  const hundred = ids.slice(1, 101)
  await add('delete 100 nodes', () => store.getState().deleteElements(hundred, []), { prepare: fresh })
  await add('undo the deletion', () => store.getState().undo(), { prepare: () => (fresh(), store.getState().deleteElements(hundred, [])) })
  await add('redo the deletion', () => store.getState().redo(), {
    prepare: () => (fresh(), store.getState().deleteElements(hundred, []), store.getState().undo()),
  })
  const fragment = copyFragment(document, new Set(hundred))
  await add('paste 100 nodes', () => store.getState().insertFragment(fragment), { prepare: fresh })

  fresh()
  await add('auto-layout (elkjs)', () => computeLayout(store.getState().nodes, store.getState().edges, 1.6), { minRuns: 3, minMs: 0 })
  await add('save: the document, marked saved (browser)', () => store.getState().markSaved(2, store.getState().toDocument()))
  const body = JSON.stringify(store.getState().toDocument())
  await add('save: parse + validate (server)', () => validate(JSON.parse(body), { facts: FACTS, workflowId: 'wf-bench' }))

  const moved = {
    ...document,
    nodes: document.nodes.map((node, i) => (i % 3 === 0 ? { ...node, position: { x: node.position.x + 10, y: node.position.y } } : node)),
  }
  await add('diff two versions (a third of the nodes moved)', () => diffDocuments(document, moved))
}

async function main() {
  const rows: Row[] = []
  const load = loadavg()[0]!.toFixed(1)
  for (const size of SIZES) {
    await keystroke(size, rows)
    await editing(size, rows)
  }
  if (JSON_OUT) {
    console.log(JSON.stringify({ load, rows }, null, 2))
    return
  }
  console.log(`load average at the start: ${load}`)
  console.log('| nodes | action | step | median | runs |')
  console.log('|---|---|---|---|---|')
  for (const row of rows) console.log(`| ${row.size} | ${row.action} | ${row.step} | ${row.medianMs.toFixed(2)} ms | ${row.runs} |`)
}

await main()
