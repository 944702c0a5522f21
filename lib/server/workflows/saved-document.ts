/**
 * A stored graph read back: a workflow version, a sub-workflow, or a conversation turn's one-agent document. What
 * was valid when saved may not be now (written by an older app), so each read validates again and names what failed.
 */
import { UserError } from '@/lib/core'
import { parseGraphDocument, type GraphDocument } from '@/lib/graph'

/** The stored version no longer passes validation (e.g. written by an older app). */
export class InvalidSavedWorkflowError extends UserError {
  override readonly code = 'invalid_saved_workflow'
}

export function parseSaved(graph: unknown, what: string): GraphDocument {
  const parsed = parseGraphDocument(graph)
  if (!parsed.ok) throw new InvalidSavedWorkflowError(`${what} is not valid: ${parsed.problems.map((p) => p.message).join(' ')}`)
  return parsed.document
}
