/** Routes the message down the first case whose CEL expression is true, else down `default`: one output per case. */
import { z } from 'zod'
import { nodeLabel } from '../agent-settings'
import { error, warning, type GraphProblem } from '../problems'
import { expressionProblems } from './checks'
import { references, type NodeEdge, type NodeKindDefinition } from './definition'

export const ConditionCaseSchema = z.object({
  /** Also the id of the node's output handle for this case. */
  id: z.string().min(1).max(100),
  label: z.string().max(200).optional(),
  /** CEL over `input`, must evaluate to a bool. */
  expression: z.string().max(4_000),
})
export type ConditionCase = z.infer<typeof ConditionCaseSchema>

/** The handle every condition node has for messages no case matched. */
export const DEFAULT_CASE_HANDLE = 'default'

export const ConditionDataSchema = z.object({
  label: nodeLabel,
  cases: z
    .array(ConditionCaseSchema)
    .min(1)
    .default([{ id: 'case-1', expression: 'true' }]),
})
type ConditionData = z.output<typeof ConditionDataSchema>

function conditionProblems(node: { id: string; data: ConditionData }, outgoing: readonly NodeEdge[]): GraphProblem[] {
  const at = { nodeId: node.id }
  const problems: GraphProblem[] = []
  const seen = new Set<string>()
  node.data.cases.forEach((c, i) => {
    const name = c.label || `case ${i + 1}`
    if (c.id === DEFAULT_CASE_HANDLE || seen.has(c.id)) {
      problems.push(error('duplicate_case', `Condition ${name} reuses the id "${c.id}".`, at))
    }
    seen.add(c.id)
    problems.push(...expressionProblems(c.expression, `Condition ${name}`, at))
  })
  const edgesByHandle = new Map<string, number>()
  for (const edge of outgoing) {
    const handle = edge.sourceHandle ?? ''
    edgesByHandle.set(handle, (edgesByHandle.get(handle) ?? 0) + 1)
    if (handle !== DEFAULT_CASE_HANDLE && !seen.has(handle)) {
      const message = handle === '' ? 'Edge leaves the condition without naming a case output.' : `Edge leaves the condition from an unknown case "${handle}".`
      problems.push(error('invalid_handle', message, { edgeId: edge.id, nodeId: node.id }))
    }
  }
  for (const [handle, count] of edgesByHandle) {
    if (count > 1) problems.push(error('invalid_handle', `More than one edge leaves the condition's "${handle}" output.`, at))
  }
  node.data.cases.forEach((c, i) => {
    if (!edgesByHandle.has(c.id)) {
      problems.push(warning('unconnected_case', `Condition ${c.label || `case ${i + 1}`} is not connected.`, at))
    }
  })
  return problems
}

export const conditionKind = {
  kind: 'condition',
  dataSchema: ConditionDataSchema,
  hasInput: true,
  sourceHandles: (data) => [...data.cases.map((c, i) => ({ id: c.id, label: c.label || `Case ${i + 1}` })), { id: DEFAULT_CASE_HANDLE, label: 'Default' }],
  validate: (node, around) => conditionProblems(node, around.outgoing),
  references: () => references(),
  exportTypeScript: (id) => ({ expression: `routeNode(${id})` }),
} satisfies NodeKindDefinition<'condition', typeof ConditionDataSchema>
