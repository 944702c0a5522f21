/**
 * A schema problem of one inspector field, said in words under the field ("Temperature must be at
 * most 2.") rather than as the document path and zod's wording the problems panel shows.
 */
import { formatPath, type GraphProblem, type SchemaRequirement } from '@/lib/graph/problems'

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

const TYPE_WORDS: Readonly<Record<string, string>> = {
  int: 'a whole number',
  number: 'a number',
  string: 'text',
  array: 'a list',
  boolean: 'on or off',
}

function requirementSentence(label: string, requirement: SchemaRequirement): string {
  if (requirement.kind === 'type') return `${label} must be ${TYPE_WORDS[requirement.expected] ?? `of type ${requirement.expected}`}.`
  const { kind, of, inclusive } = requirement
  // Lengths and counts are whole numbers: "fewer than 4" is "at most 3".
  const limit = of === 'number' || inclusive ? requirement.limit : kind === 'maximum' ? requirement.limit - 1 : requirement.limit + 1
  if (of === 'number') {
    if (kind === 'maximum') return `${label} must be ${inclusive ? 'at most' : 'less than'} ${limit}.`
    return `${label} must be ${inclusive ? 'at least' : 'more than'} ${limit}.`
  }
  if (of === 'text') {
    if (kind === 'maximum') return `${label} can be at most ${plural(limit, 'character')} long.`
    return limit <= 1 ? `${label} cannot be empty.` : `${label} must be at least ${plural(limit, 'character')} long.`
  }
  if (kind === 'maximum') return `${label} can have at most ${plural(limit, 'item')}.`
  return `${label} needs at least ${plural(limit, 'item')}.`
}

export function fieldProblemMessage(label: string, problem: Pick<GraphProblem, 'message' | 'path' | 'requirement'>): string {
  if (problem.requirement) return requirementSentence(label, problem.requirement)
  const prefix = problem.path ? `${formatPath(problem.path)}: ` : ''
  const reason = problem.message.startsWith(prefix) ? problem.message.slice(prefix.length) : problem.message
  return `${label}: ${reason}`
}

/** The path inside a node's data a schema problem points at (['model', 'temperature']), if it points into the data. */
export function dataPathOf(problem: GraphProblem): Array<string | number> | undefined {
  const path = problem.path
  if (!path || path[0] !== 'nodes' || path[2] !== 'data' || path.length < 4) return undefined
  return path.slice(3)
}
