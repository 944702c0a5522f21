/** Checks several kinds share: CEL expressions and agent settings (an agent node's, a participant's, a saved agent's). */
import type { AgentSettings } from '../agent-settings'
import { checkExpression } from '../cel'
import { error, warning, type GraphProblem } from '../problems'
import { jsonSchemaProblem } from '../structured-output'

export function expressionProblems(expression: string, what: string, at: { nodeId: string }): GraphProblem[] {
  const check = checkExpression(expression)
  return check.ok ? [] : [error('invalid_expression', `${what} expression: ${check.message}`, at)]
}

export function agentSettingsProblems(settings: AgentSettings, who: string, at: { nodeId: string }): GraphProblem[] {
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
