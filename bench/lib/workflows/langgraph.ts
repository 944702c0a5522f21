/**
 * LangGraph.js: a StateGraph with one node per step, compiled once, run with invoke(); optionally
 * compiled with a MemorySaver checkpointer (every run on its own thread, deleted after the run so the
 * saver does not grow across runs, as a fresh storage per run would not).
 *
 * The graphs are built in loops over generated node names, which LangGraph's typed builder API cannot
 * follow, so the builder is handled through a loosely typed view.
 */
import { Annotation, END, MemorySaver, START, StateGraph } from '@langchain/langgraph'
import { expectOutput, type WorkflowHarness } from './harness'

interface LooseGraph {
  addNode(name: string, action: (state: any) => unknown): LooseGraph
  addEdge(from: string | string[], to: string): LooseGraph
  compile(options?: { checkpointer?: MemorySaver }): { invoke(input: unknown, config: Record<string, unknown>): Promise<any> }
}

const ChainState = Annotation.Root({ value: Annotation<number> })

const FanState = Annotation.Root({
  value: Annotation<number>,
  results: Annotation<number[]>({ reducer: (left, right) => left.concat(right), default: () => [] }),
})

let threads = 0

function runner(graph: LooseGraph, checkpointer: MemorySaver | undefined, steps: number, expected: number, read: (state: any) => unknown, label: string) {
  const compiled = graph.compile({ checkpointer })
  return async () => {
    const threadId = `bench-${++threads}`
    const state = await compiled.invoke({ value: 0 }, { recursionLimit: steps + 10, configurable: { thread_id: threadId } })
    if (checkpointer) await checkpointer.deleteThread(threadId)
    expectOutput(label, read(state), expected)
  }
}

export function langGraphWorkflowHarness(checkpointing: boolean): WorkflowHarness {
  const label = checkpointing ? 'LangGraph StateGraph, MemorySaver' : 'LangGraph StateGraph, no checkpointer'
  return {
    key: checkpointing ? 'langgraph-checkpoints' : 'langgraph',
    async chain(size) {
      const graph = new StateGraph(ChainState) as unknown as LooseGraph
      for (let i = 0; i < size; i++) graph.addNode(`n${i}`, (state: { value: number }) => ({ value: state.value + 1 }))
      graph.addEdge(START, 'n0')
      for (let i = 1; i < size; i++) graph.addEdge(`n${i - 1}`, `n${i}`)
      graph.addEdge(`n${size - 1}`, END)
      return runner(graph, checkpointing ? new MemorySaver() : undefined, size, size, (state) => state.value, label)
    },
    async fanOutIn(width) {
      const graph = new StateGraph(FanState) as unknown as LooseGraph
      const workers = Array.from({ length: width }, (_, i) => `w${i}`)
      graph.addNode('start', (state: { value: number }) => ({ value: state.value }))
      workers.forEach((name, i) => graph.addNode(name, (state: { value: number }) => ({ results: [state.value + i] })))
      graph.addNode('join', (state: { results: number[] }) => ({ value: state.results.length }))
      graph.addEdge(START, 'start')
      for (const name of workers) graph.addEdge('start', name)
      graph.addEdge(workers, 'join')
      graph.addEdge('join', END)
      return runner(graph, checkpointing ? new MemorySaver() : undefined, 3, width, (state) => state.value, label)
    },
  }
}
