/**
 * A workflow as a JSON file people download, share and import: its name, description and graph
 * document (which carries its own schemaVersion). Reading one migrates an older document and
 * validates it in full, so that an import either brings in a workflow that can be saved, or names
 * every problem (where, and what) and brings in nothing.
 */
import { z } from 'zod'
import type { GraphDocument } from './document'
import { parseGraphDocument, type MigrationTable } from './migrate'
import { formatPath, type GraphProblem } from './problems'
import { validateDocument } from './validate'

export const WORKFLOW_FILE_KIND = 'workflow'

export interface WorkflowFile {
  agentloom: typeof WORKFLOW_FILE_KIND
  name: string
  description: string
  document: GraphDocument
}

/** One problem of a file, for a list: where (a readable path; 'file' for the whole file) and a sentence. */
export interface WorkflowFileProblem {
  path: string
  message: string
}

export type ReadWorkflowFileResult =
  { ok: true; name: string; description: string; document: GraphDocument; warnings: WorkflowFileProblem[] } | { ok: false; problems: WorkflowFileProblem[] }

export function workflowToFile(input: { name: string; description?: string; document: GraphDocument }): WorkflowFile {
  return { agentloom: WORKFLOW_FILE_KIND, name: input.name, description: input.description ?? '', document: input.document }
}

/** Pretty-printed, so that the file reads well and diffs well in a repository. */
export function serializeWorkflowFile(file: WorkflowFile): string {
  return `${JSON.stringify(file, null, 2)}\n`
}

/** A name for the downloaded file: the workflow's name in lower case, safe on every file system. */
export function workflowFileName(name: string, extension: 'json' | 'ts'): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 80)
  return `${base || 'workflow'}.${extension}`
}

const fileHeaderSchema = z.object({
  agentloom: z.literal(WORKFLOW_FILE_KIND),
  name: z.string().trim().min(1, 'A workflow needs a name.').max(200, 'A workflow name can be at most 200 characters.'),
  description: z.string().max(5_000, 'A description can be at most 5000 characters.').default(''),
  document: z.unknown(),
})

/**
 * Reads the text of a workflow file. Also accepts a bare graph document (what the API stores), named
 * `fallbackName`. Problems of the document are reported at their path inside the file.
 */
export function readWorkflowFile(
  text: string,
  options: { fallbackName?: string; migrations?: MigrationTable; currentVersion?: number } = {},
): ReadWorkflowFileResult {
  const { fallbackName = 'Imported workflow', ...migration } = options
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    return { ok: false, problems: [{ path: 'file', message: `The file is not JSON: ${(error as Error).message}` }] }
  }
  const isEnvelope = typeof raw === 'object' && raw !== null && 'agentloom' in raw
  let header: { name: string; description: string; document: unknown }
  if (isEnvelope) {
    const parsed = fileHeaderSchema.safeParse(raw)
    if (!parsed.success) {
      return {
        ok: false,
        problems: parsed.error.issues.map((issue) => ({
          path: formatPath(issue.path.filter((part): part is string | number => typeof part !== 'symbol')),
          message: issue.path[0] === 'agentloom' ? 'This is not an Agentloom workflow file ("agentloom" must be "workflow").' : issue.message,
        })),
      }
    }
    header = parsed.data
  } else {
    header = { name: fallbackName, description: '', document: raw }
  }
  const prefix = isEnvelope ? ['document'] : []
  const present = (problem: GraphProblem): WorkflowFileProblem => ({
    path: formatPath([...prefix, ...problemPath(problem, header.document)]),
    message: withoutPath(problem),
  })
  const parsed = parseGraphDocument(header.document, migration)
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map(present) }
  const problems = validateDocument(parsed.document)
  const errors = problems.filter((problem) => problem.severity === 'error')
  if (errors.length > 0) return { ok: false, problems: errors.map(present) }
  return {
    ok: true,
    name: header.name,
    description: header.description,
    document: parsed.document,
    warnings: problems.filter((problem) => problem.severity === 'warning').map(present),
  }
}

/** Schema problems start with their path; the list shows it in its own column. */
function withoutPath(problem: GraphProblem): string {
  const prefix = problem.path ? `${formatPath(problem.path)}: ` : ''
  return prefix && problem.message.startsWith(prefix) ? problem.message.slice(prefix.length) : problem.message
}

/** A problem's place in the document: its own path, else the node's or edge's index. */
function problemPath(problem: GraphProblem, document: unknown): Array<string | number> {
  if (problem.path) return problem.path
  const doc = document as { nodes?: Array<{ id?: unknown }>; edges?: Array<{ id?: unknown }> }
  if (problem.edgeId !== undefined) {
    const index = doc.edges?.findIndex((edge) => edge?.id === problem.edgeId) ?? -1
    if (index >= 0) return ['edges', index]
  }
  if (problem.nodeId !== undefined) {
    const index = doc.nodes?.findIndex((node) => node?.id === problem.nodeId) ?? -1
    if (index >= 0) return ['nodes', index]
  }
  return []
}
