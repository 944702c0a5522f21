/**
 * Errors of the tool-server tooling. Both are user errors: the HTTP layer answers them with 400
 * and their code (see lib/server/http-errors.ts).
 */
import type { ManifestProblem } from '@/lib/contracts/mcp-servers'
import { UserError } from '@/lib/core/errors'

/** A ToolingManifest.json that cannot be imported; `problems` lists every rule broken. */
export class ToolingManifestError extends UserError {
  override readonly code: string = 'tooling_manifest_invalid'
  readonly problems: ManifestProblem[]

  constructor(problems: ManifestProblem[]) {
    const summary = problems
      .slice(0, 3)
      .map((p) => (p.path ? `${p.path}: ${p.message}` : p.message))
      .join('; ')
    super(`The tool-server manifest cannot be imported: ${summary}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}`)
    this.problems = problems
  }
}

/** sendChatHistoryMessages was called without messages or without a complete context. */
export class ChatHistoryArgumentError extends UserError {
  override readonly code: string = 'chat_history_invalid_arguments'
}
