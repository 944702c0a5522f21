/**
 * Wires a document's edges into a WorkflowBuilder:
 * - a condition node becomes one switch-case group (cases in order, then default); a case without
 *   an edge routes to a discard executor so that its messages do not fall through to later cases;
 * - a fan-out node with two or more unconditional targets becomes a fan-out group;
 * - every fan-in node gets one fan-in group over its sources (so edges into a fan-in are wired only there);
 * - everything else is one edge per document edge, with its CEL condition if it has one.
 */
import { defaultCase, switchCase, type Case, type Default, type Executor, type WorkflowBuilder } from '@/lib/core'
import { compileCondition } from '../cel'
import type { GraphDocument, GraphEdge, GraphNodeOf } from '../document'
import { GraphCompileError } from '../errors'
import type { Adjacency } from '../graph-analysis'
import { hasOutput } from '../handles'
import { DEFAULT_CASE_HANDLE } from '../node-data'
import { discardExecutor } from './node-executors'

export interface WiringInput {
  document: GraphDocument
  adjacency: Adjacency
  executors: ReadonlyMap<string, Executor>
}

export function wireEdges(builder: WorkflowBuilder, { document, adjacency, executors }: WiringInput): void {
  const kinds = new Map(document.nodes.map((node) => [node.id, node.kind]))
  const intoFanIn = (edge: GraphEdge) => kinds.get(edge.target) === 'fan_in'
  const executorOf = (id: string) => {
    const found = executors.get(id)
    if (!found) throw new GraphCompileError(`Node "${id}" is not part of the compiled workflow.`)
    return found
  }

  for (const node of document.nodes) {
    if (!executors.has(node.id) || !hasOutput(node.kind)) continue
    const outgoing = (adjacency.outgoing.get(node.id) ?? []).filter((edge) => executors.has(edge.target))
    if (node.kind === 'condition') {
      wireCondition(builder, node, outgoing, executorOf)
      continue
    }
    const plain = outgoing.filter((edge) => !intoFanIn(edge))
    if (node.kind === 'fan_out' && plain.length >= 2 && plain.every((edge) => edge.condition === undefined)) {
      builder.addFanOutEdges(
        executorOf(node.id),
        plain.map((edge) => executorOf(edge.target)),
      )
      continue
    }
    for (const edge of plain) {
      const condition = edge.condition === undefined ? undefined : namedCondition(edge)
      builder.addEdge(executorOf(node.id), executorOf(edge.target), { condition })
    }
  }

  for (const node of document.nodes) {
    if (node.kind !== 'fan_in' || !executors.has(node.id)) continue
    const sources = [...new Set((adjacency.incoming.get(node.id) ?? []).map((edge) => edge.source))].filter((id) => executors.has(id))
    if (sources.length < 2) {
      throw new GraphCompileError(`Fan-in "${node.id}" needs at least two sources that the run can reach; it has ${sources.length}.`)
    }
    builder.addFanInEdges(sources.map(executorOf), executorOf(node.id))
  }
}

function wireCondition(builder: WorkflowBuilder, node: GraphNodeOf<'condition'>, outgoing: GraphEdge[], executorOf: (id: string) => Executor): void {
  let discard: Executor | undefined
  const targetFor = (handle: string): Executor => {
    const edge = outgoing.find((candidate) => candidate.sourceHandle === handle)
    if (edge) return executorOf(edge.target)
    discard ??= discardExecutor(`${node.id}:discard`)
    return discard
  }
  const cases: Array<Case | Default> = node.data.cases.map((c) =>
    switchCase(namedCondition({ id: `${node.id}.${c.id}`, condition: c.expression }), targetFor(c.id)),
  )
  cases.push(defaultCase(targetFor(DEFAULT_CASE_HANDLE)))
  builder.addSwitchCaseEdgeGroup(executorOf(node.id), cases)
}

/** A CEL condition as a function whose name (shown in the workflow's JSON) is its expression. */
export function namedCondition(edge: { id: string; condition?: string }): (message: unknown) => boolean {
  const evaluate = compileCondition(edge.condition!)
  const fn = (message: unknown) => evaluate(message)
  Object.defineProperty(fn, 'name', { value: edge.condition })
  return fn
}
