/**
 * What validate() reports. A problem points at a node or an edge when it can, so that the
 * canvas can mark it; `code` is stable (tests and the UI key on it), `message` is for people.
 */
import type { z } from 'zod'

export type ProblemSeverity = 'error' | 'warning'

export const PROBLEM_CODES = [
  'invalid_schema',
  'unsupported_schema_version',
  'missing_start',
  'multiple_starts',
  'missing_output',
  'duplicate_id',
  'duplicate_edge',
  'dangling_edge',
  'unreachable_node',
  'dead_end',
  'start_has_incoming',
  'output_has_outgoing',
  'invalid_expression',
  'invalid_handle',
  'duplicate_case',
  'unconnected_case',
  'missing_instructions',
  'missing_name',
  'missing_prompt',
  'missing_sub_workflow',
  'missing_agent',
  'invalid_structured_output',
  'invalid_file_access',
  'invalid_tool_approval',
  'missing_participants',
  'duplicate_participant',
  'missing_orchestrator',
  'unknown_participant',
  'fan_in_sources',
  'fan_in_condition',
  'fan_out_targets',
  'cycle_without_exit',
  'model_not_configured',
  'unknown_mcp_server',
  'unknown_skill',
  'unknown_saved_agent',
  'sub_workflow_cycle',
  'invalid_input_fields',
  'too_many_steps',
] as const

export type ProblemCode = (typeof PROBLEM_CODES)[number]

export interface GraphProblem {
  severity: ProblemSeverity
  code: ProblemCode
  message: string
  nodeId?: string
  edgeId?: string
  /** Where in the document, e.g. ['nodes', 2, 'data', 'instructions'] (schema problems). */
  path?: Array<string | number>
  /** What the schema asks of the value at `path`, so that an editor can say it beside the field in words. */
  requirement?: SchemaRequirement
}

/** A bound or a type a schema problem's value missed: a number's range, a text's length, a list's size. */
export type SchemaRequirement =
  { kind: 'maximum' | 'minimum'; of: 'number' | 'text' | 'list'; limit: number; inclusive: boolean } | { kind: 'type'; expected: string }

export interface ValidationResult {
  /** False when any problem is an error; warnings do not block saving or running. */
  ok: boolean
  problems: GraphProblem[]
}

export function error(code: ProblemCode, message: string, at: Pick<GraphProblem, 'nodeId' | 'edgeId'> = {}): GraphProblem {
  return { severity: 'error', code, message, ...at }
}

export function warning(code: ProblemCode, message: string, at: Pick<GraphProblem, 'nodeId' | 'edgeId'> = {}): GraphProblem {
  return { severity: 'warning', code, message, ...at }
}

export function hasErrors(problems: readonly GraphProblem[]): boolean {
  return problems.some((problem) => problem.severity === 'error')
}

/**
 * Maps zod issues onto problems. `raw` is the input that was parsed, used to name the node or
 * edge an issue sits in (by its id, when the id itself is readable).
 */
export function problemsFromZodIssues(issues: readonly z.core.$ZodIssue[], raw: unknown): GraphProblem[] {
  return issues.map((issue) => {
    const path = issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment))
    const problem: GraphProblem = {
      severity: 'error',
      code: 'invalid_schema',
      message: `${formatPath(path)}: ${issue.message}`,
      path,
    }
    const requirement = requirementOf(issue)
    if (requirement) problem.requirement = requirement
    const owner = ownerOf(path, raw)
    if (owner) Object.assign(problem, owner)
    return problem
  })
}

const BOUNDED: Readonly<Record<string, 'number' | 'text' | 'list'>> = { number: 'number', int: 'number', string: 'text', array: 'list' }

function requirementOf(issue: z.core.$ZodIssue): SchemaRequirement | undefined {
  if (issue.code === 'invalid_type') return { kind: 'type', expected: issue.expected }
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined
  const of = BOUNDED[issue.origin]
  const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum)
  if (!of || !Number.isFinite(limit)) return undefined
  return { kind: issue.code === 'too_big' ? 'maximum' : 'minimum', of, limit, inclusive: issue.inclusive !== false }
}

export function formatPath(path: ReadonlyArray<string | number>): string {
  if (path.length === 0) return 'document'
  let text = ''
  for (const segment of path) text += typeof segment === 'number' ? `[${segment}]` : text ? `.${segment}` : segment
  return text
}

function ownerOf(path: ReadonlyArray<string | number>, raw: unknown): Pick<GraphProblem, 'nodeId' | 'edgeId'> | undefined {
  const [collection, index] = path
  if (typeof index !== 'number' || (collection !== 'nodes' && collection !== 'edges')) return undefined
  const list = (raw as Record<string, unknown> | null)?.[collection]
  const item = Array.isArray(list) ? (list[index] as Record<string, unknown> | undefined) : undefined
  const id = item?.id
  if (typeof id !== 'string' || id === '') return undefined
  return collection === 'nodes' ? { nodeId: id } : { edgeId: id }
}
