/* eslint-disable @typescript-eslint/no-explicit-any -- executors, edge conditions and agents are stored side by side whatever their message types; `any` in these type-parameter defaults and callback parameters keeps user callbacks such as `(text: string) => …` assignable (unknown would reject them under strictFunctionTypes). */
/**
 * Edge groups: how messages leave a source executor. These are definitions (what toJSON() shows
 * and the graph signature hashes); edge-runners.ts turns them into routing code at build().
 */
import { UserError } from '../errors'
import type { Executor } from './executor'

/** Decides whether a message travels along an edge; may be async. */
export type EdgeCondition = (message: any) => boolean | Promise<boolean>
/** Picks the targets of a multi-selection group: receives the message and all target ids. */
export type SelectionFunction = (message: any, targetIds: string[]) => string[]

export interface Edge {
  sourceId: string
  targetId: string
  condition?: EdgeCondition
  conditionName?: string
}

export function edgeId(edge: { sourceId: string; targetId: string }): string {
  return `${edge.sourceId}->${edge.targetId}`
}

interface EdgeGroupBase {
  id: string
  edges: Edge[]
}

export interface SingleEdgeGroup extends EdgeGroupBase {
  type: 'SingleEdgeGroup'
}

export interface FanOutEdgeGroup extends EdgeGroupBase {
  type: 'FanOutEdgeGroup'
  targetIds: string[]
  selection?: SelectionFunction
  selectionFuncName?: string
}

export interface FanInEdgeGroup extends EdgeGroupBase {
  type: 'FanInEdgeGroup'
  sourceIds: string[]
  targetId: string
}

export interface SwitchCaseDefinition {
  type: 'Case' | 'Default'
  targetId: string
  condition?: EdgeCondition
  conditionName?: string
}

export interface SwitchCaseEdgeGroup extends EdgeGroupBase {
  type: 'SwitchCaseEdgeGroup'
  cases: SwitchCaseDefinition[]
}

export type EdgeGroup = SingleEdgeGroup | FanOutEdgeGroup | FanInEdgeGroup | SwitchCaseEdgeGroup

// ---------------------------------------------------------------------------------------------
// switch-case helpers: addSwitchCaseEdgeGroup(src, [switchCase(cond, a), defaultCase(b)])

/** Anything the builder accepts as a node: an executor or an agent (wrapped automatically). */
export type ExecutorLike = Executor | { run: (...args: any[]) => unknown; runStream: (...args: any[]) => unknown; name?: string; id?: string }

export interface Case {
  type: 'Case'
  condition: EdgeCondition
  target: ExecutorLike
}

export interface Default {
  type: 'Default'
  target: ExecutorLike
}

export function switchCase(condition: EdgeCondition, target: ExecutorLike): Case {
  if (typeof condition !== 'function') throw new UserError('switchCase() needs a condition function.')
  return { type: 'Case', condition, target }
}

export function defaultCase(target: ExecutorLike): Default {
  return { type: 'Default', target }
}

/** A readable name for a condition or selection function (recorded in toJSON, never executed). */
export function functionName(fn: ((...args: any[]) => unknown) | undefined): string | undefined {
  if (!fn) return undefined
  return fn.name && fn.name.length > 0 ? fn.name : '<lambda>'
}

// ---------------------------------------------------------------------------------------------
// JSON

export interface EdgeJSON {
  sourceId: string
  targetId: string
  conditionName?: string
}

export interface EdgeGroupJSON {
  id: string
  type: EdgeGroup['type']
  edges: EdgeJSON[]
  selectionFuncName?: string
  cases?: Array<{ type: 'Case' | 'Default'; targetId: string; conditionName?: string }>
}

export function edgeGroupToJSON(group: EdgeGroup): EdgeGroupJSON {
  const json: EdgeGroupJSON = {
    id: group.id,
    type: group.type,
    edges: group.edges.map((edge) => {
      const edgeJSON: EdgeJSON = { sourceId: edge.sourceId, targetId: edge.targetId }
      if (edge.conditionName !== undefined) edgeJSON.conditionName = edge.conditionName
      return edgeJSON
    }),
  }
  if (group.type === 'FanOutEdgeGroup' && group.selectionFuncName !== undefined) json.selectionFuncName = group.selectionFuncName
  if (group.type === 'SwitchCaseEdgeGroup') {
    json.cases = group.cases.map((c) =>
      c.type === 'Default' ? { type: 'Default', targetId: c.targetId } : { type: 'Case', targetId: c.targetId, conditionName: c.conditionName },
    )
  }
  return json
}
