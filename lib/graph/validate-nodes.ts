/**
 * Per-kind checks of a parsed document: each node is checked by its kind's definition
 * (node-kinds/<kind>.ts: expressions parse, required settings are present, condition cases and
 * orchestration participants are consistent), and edge conditions parse. Structural checks
 * (starts, reachability, cycles) live in validate.ts.
 */
import { checkExpression } from './cel'
import type { GraphDocument } from './document'
import type { Adjacency } from './graph-analysis'
import type { ValidationMemo } from './validation-memo'
import { nodeKindDefinition } from './node-kinds'
import type { NodeKind, NodeSurroundings } from './node-kinds/definition'
import { error, type GraphProblem } from './problems'

export { agentSettingsErrors } from './node-kinds/checks'

/** `memo`: the previous validation's answers of an edited document, reused for nodes the edit did not touch. */
export function validateNodes(document: GraphDocument, adjacency: Adjacency, memo?: ValidationMemo): GraphProblem[] {
  const problems: GraphProblem[] = []
  const nodeKinds = new Map<string, NodeKind>(document.nodes.map((node) => [node.id, node.kind]))
  const kindOf = (nodeId: string) => nodeKinds.get(nodeId)
  for (const node of document.nodes) {
    const around: NodeSurroundings = { incoming: adjacency.incoming.get(node.id) ?? [], outgoing: adjacency.outgoing.get(node.id) ?? [], kindOf }
    const check = (surroundings: NodeSurroundings) => nodeKindDefinition(node.kind).validate(node, surroundings)
    problems.push(...(memo ? memo.kindCheck(node, around, check) : check(around)))
  }
  for (const edge of document.edges) {
    if (edge.condition === undefined) continue
    const check = checkExpression(edge.condition)
    if (!check.ok) problems.push(error('invalid_expression', `Edge condition: ${check.message}`, { edgeId: edge.id }))
  }
  return problems
}
