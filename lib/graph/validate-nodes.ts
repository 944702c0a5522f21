/**
 * Per-kind checks of a parsed document: each node is checked by its kind's definition
 * (node-kinds/<kind>.ts: expressions parse, required settings are present, condition cases and
 * orchestration participants are consistent), and edge conditions parse. Structural checks
 * (starts, reachability, cycles) live in validate.ts.
 */
import { checkExpression } from './cel'
import type { GraphDocument } from './document'
import type { Adjacency } from './graph-analysis'
import { nodeKindDefinition } from './node-kinds'
import type { NodeKind } from './node-kinds/definition'
import { error, type GraphProblem } from './problems'

export { agentSettingsErrors } from './node-kinds/checks'

export function validateNodes(document: GraphDocument, adjacency: Adjacency): GraphProblem[] {
  const problems: GraphProblem[] = []
  const nodeKinds = new Map<string, NodeKind>(document.nodes.map((node) => [node.id, node.kind]))
  const kindOf = (nodeId: string) => nodeKinds.get(nodeId)
  for (const node of document.nodes) {
    const around = { incoming: adjacency.incoming.get(node.id) ?? [], outgoing: adjacency.outgoing.get(node.id) ?? [], kindOf }
    problems.push(...nodeKindDefinition(node.kind).validate(node, around))
  }
  for (const edge of document.edges) {
    if (edge.condition === undefined) continue
    const check = checkExpression(edge.condition)
    if (!check.ok) problems.push(error('invalid_expression', `Edge condition: ${check.message}`, { edgeId: edge.id }))
  }
  return problems
}
