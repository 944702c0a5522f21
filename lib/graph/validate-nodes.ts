/**
 * Per-kind checks of a parsed document: expressions parse, required settings are present,
 * condition cases and orchestration participants are consistent. Structural checks (starts,
 * reachability, cycles) live in validate.ts.
 */
import { checkExpression } from './cel'
import type { GraphDocument, GraphNode, GraphNodeOf } from './document'
import type { Adjacency } from './graph-analysis'
import { DEFAULT_CASE_HANDLE, isOrchestrationKind, type AgentSettings, type OrchestrationKind } from './node-data'
import { error, warning, type GraphProblem } from './problems'
import { jsonSchemaProblem } from './structured-output'

export function validateNodes(document: GraphDocument, adjacency: Adjacency): GraphProblem[] {
  const problems: GraphProblem[] = []
  const nodeKinds = new Map(document.nodes.map((node) => [node.id, node.kind]))
  for (const node of document.nodes) problems.push(...validateNode(node, adjacency, nodeKinds))
  for (const edge of document.edges) {
    if (edge.condition === undefined) continue
    const check = checkExpression(edge.condition)
    if (!check.ok) problems.push(error('invalid_expression', `Edge condition: ${check.message}`, { edgeId: edge.id }))
  }
  return problems
}

function validateNode(node: GraphNode, adjacency: Adjacency, nodeKinds: ReadonlyMap<string, string>): GraphProblem[] {
  const at = { nodeId: node.id }
  switch (node.kind) {
    case 'agent':
      return agentSettingsProblems(node.data, `Agent "${node.data.name || node.id}"`, at)
    case 'condition':
      return conditionProblems(node, adjacency)
    case 'transform':
      return expressionProblems(node.data.expression, 'Transform', at)
    case 'human_input':
      return node.data.prompt.trim() === '' ? [warning('missing_prompt', 'Human input has no prompt: the person will not know what to answer.', at)] : []
    case 'agent_ref':
      return node.data.agentId.trim() === '' ? [error('missing_agent', 'Saved agent node has no agent selected.', at)] : []
    case 'sub_workflow':
      return node.data.workflowId.trim() === '' ? [error('missing_sub_workflow', 'Sub-workflow has no target workflow selected.', at)] : []
    case 'fan_in':
      return fanInProblems(node, adjacency, nodeKinds)
    case 'fan_out': {
      const targets = adjacency.outgoing.get(node.id)?.length ?? 0
      return targets < 2 ? [warning('fan_out_targets', `Fan-out has ${targets} target(s); it needs at least two to fan out.`, at)] : []
    }
    default:
      return isOrchestrationKind(node.kind) ? orchestrationProblems(node as OrchestrationNode) : []
  }
}

function expressionProblems(expression: string, what: string, at: { nodeId: string }): GraphProblem[] {
  const check = checkExpression(expression)
  return check.ok ? [] : [error('invalid_expression', `${what} expression: ${check.message}`, at)]
}

function agentSettingsProblems(settings: AgentSettings, who: string, at: { nodeId: string }): GraphProblem[] {
  const problems: GraphProblem[] = []
  if (settings.name.trim() === '') problems.push(warning('missing_name', `${who} has no name.`, at))
  if (settings.instructions.trim() === '') {
    problems.push(warning('missing_instructions', `${who} has no instructions.`, at))
  }
  return [...problems, ...agentSettingsErrors(settings, who, at)]
}

/** The settings an agent cannot run with (also checked for saved agents, lib/server/agents). */
export function agentSettingsErrors(settings: AgentSettings, who: string, at: { nodeId?: string } = {}): GraphProblem[] {
  const problems: GraphProblem[] = []
  const output = settings.structuredOutput
  if (output.mode === 'json_schema') {
    const problem = jsonSchemaProblem(output.schema)
    if (problem) problems.push(error('invalid_structured_output', `${who}: ${problem}`, at))
  }
  if (output.mode === 'fields') {
    if (output.fields.length === 0) problems.push(error('invalid_structured_output', `${who} asks for a structured reply but has no fields.`, at))
    const names = output.fields.map((field) => field.name)
    const repeated = names.find((name, index) => names.indexOf(name) !== index)
    if (repeated) problems.push(error('invalid_structured_output', `${who} has two reply fields named "${repeated}".`, at))
  }
  if (settings.fileAccess.enabled && settings.fileAccess.root.trim() === '') {
    problems.push(error('invalid_file_access', `${who} is given file access but no folder was chosen.`, at))
  }
  const mcpTools = Object.keys(settings.mcpTools).filter((id) => !settings.mcpServerIds.includes(id))
  if (mcpTools.length > 0) problems.push(warning('invalid_tool_approval', `${who} chooses tools of MCP servers it does not use: ${mcpTools.join(', ')}.`, at))
  return problems
}

function conditionProblems(node: GraphNodeOf<'condition'>, adjacency: Adjacency): GraphProblem[] {
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
  for (const edge of adjacency.outgoing.get(node.id) ?? []) {
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

function fanInProblems(node: GraphNodeOf<'fan_in'>, adjacency: Adjacency, nodeKinds: ReadonlyMap<string, string>): GraphProblem[] {
  const at = { nodeId: node.id }
  const incoming = adjacency.incoming.get(node.id) ?? []
  const problems: GraphProblem[] = []
  const sources = new Set(incoming.map((edge) => edge.source))
  if (sources.size < 2) {
    problems.push(error('fan_in_sources', `Fan-in has ${sources.size} source(s); it joins at least two.`, at))
  }
  for (const edge of incoming) {
    // A join waits for every source; a conditional arrival could leave it waiting forever.
    const conditional = edge.condition !== undefined || nodeKinds.get(edge.source) === 'condition'
    if (conditional) {
      problems.push(
        error('fan_in_condition', 'Edges into a fan-in cannot be conditional (nor come from a condition): the join would wait forever.', {
          nodeId: node.id,
          edgeId: edge.id,
        }),
      )
    }
  }
  return problems
}

type OrchestrationNode = Extract<GraphNode, { kind: OrchestrationKind }>

function orchestrationProblems(node: OrchestrationNode): GraphProblem[] {
  const at = { nodeId: node.id }
  const { participants } = node.data
  const problems: GraphProblem[] = []
  if (participants.length === 0) problems.push(error('missing_participants', 'The orchestration has no participants.', at))
  const ids = new Set<string>()
  for (const participant of participants) {
    if (ids.has(participant.id)) {
      problems.push(error('duplicate_participant', `Participant id "${participant.id}" is used twice.`, at))
    }
    ids.add(participant.id)
    problems.push(...agentSettingsProblems(participant, `Participant "${participant.name || participant.id}"`, at))
  }
  if (node.kind === 'group_chat' && node.data.selection === 'orchestrator' && !node.data.orchestrator) {
    problems.push(error('missing_orchestrator', 'Group chat selects speakers by orchestrator, but none is configured.', at))
  }
  if (node.kind === 'handoff') problems.push(...handoffProblems(node, ids))
  return problems
}

function handoffProblems(node: GraphNodeOf<'handoff'>, ids: Set<string>): GraphProblem[] {
  const at = { nodeId: node.id }
  const referenced = [...(node.data.startParticipantId ? [node.data.startParticipantId] : []), ...node.data.handoffs.flatMap((rule) => [rule.from, ...rule.to])]
  const unknown = [...new Set(referenced.filter((id) => !ids.has(id)))]
  return unknown.map((id) => error('unknown_participant', `Handoff refers to unknown participant "${id}".`, at))
}
