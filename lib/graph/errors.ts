/**
 * Errors of the graph layer. They derive from lib/core's UserError/SystemError so that the
 * HTTP layer maps them by `code` like every other framework error.
 */
import { UserError } from '@/lib/core/browser'
import type { GraphProblem } from './problems'
import { inputProblemsText, type InputProblem } from './start-input'

/** The document is not a workflow this app can read (bad shape, unknown future version). */
export class GraphDocumentError extends UserError {
  override readonly code = 'invalid_graph'
  readonly problems: GraphProblem[]

  constructor(message: string, problems: GraphProblem[]) {
    super(message)
    this.problems = problems
  }
}

/** compile() refused a document (validation errors) or a reference could not be resolved. */
export class GraphCompileError extends UserError {
  override readonly code = 'graph_compile_error'
  readonly problems: GraphProblem[]

  constructor(message: string, problems: GraphProblem[] = []) {
    super(message)
    this.problems = problems
  }
}

/** A CEL expression failed to parse or to evaluate. */
export class ExpressionError extends UserError {
  override readonly code = 'invalid_expression'
  readonly expression: string

  constructor(expression: string, message: string, options?: { cause?: unknown }) {
    super(`Expression "${truncate(expression)}": ${message}`, options)
    this.expression = expression
  }
}

function truncate(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/** A run input that does not match the input fields its start node declares. */
export class RunInputError extends UserError {
  override readonly code = 'invalid_run_input'
  readonly problems: InputProblem[]

  constructor(problems: InputProblem[]) {
    super(`The run input does not match the start node's input fields: ${inputProblemsText(problems)}`)
    this.problems = problems
  }
}
