/**
 * A canonical fingerprint of a workflow's shape (executor ids and kinds, edge groups, start
 * executor, nested workflows). Checkpoints carry its hash so they are never restored onto a graph
 * their messages and buffers do not fit.
 */
import { createHash } from 'node:crypto'
import type { EdgeGroup } from './edges'
import type { Executor } from './executor'

export interface GraphSignatureInput {
  startExecutorId: string
  executors: ReadonlyMap<string, Executor>
  edgeGroups: readonly EdgeGroup[]
}

/** Executors that wrap another workflow expose its signature so nested changes are detected too. */
export interface HasNestedSignature {
  nestedGraphSignature(): string
}

function nestedSignature(executor: Executor): string | undefined {
  const candidate = executor as unknown as Partial<HasNestedSignature>
  return typeof candidate.nestedGraphSignature === 'function' ? candidate.nestedGraphSignature() : undefined
}

export function computeGraphSignature(input: GraphSignatureInput): string {
  const executors = [...input.executors.values()]
    .map((executor) => {
      const nested = nestedSignature(executor)
      return nested === undefined ? { id: executor.id, type: executor.type } : { id: executor.id, type: executor.type, nested }
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const edgeGroups = input.edgeGroups.map((group) => ({
    id: group.id,
    type: group.type,
    edges: group.edges.map((edge) => [edge.sourceId, edge.targetId, edge.condition ? 'conditional' : '']),
    cases: group.type === 'SwitchCaseEdgeGroup' ? group.cases.map((c) => [c.type, c.targetId]) : undefined,
    selection: group.type === 'FanOutEdgeGroup' && group.selection ? 'selection' : undefined,
  }))
  return JSON.stringify({ start: input.startExecutorId, executors, edgeGroups })
}

export function hashGraphSignature(signature: string): string {
  return createHash('sha256').update(signature).digest('hex')
}
