/**
 * Errors raised by the workflow engine. Build-time problems (a badly wired graph, bad run
 * arguments) are user errors; problems while running derive from WorkflowException.
 */
import { UserError, WorkflowException } from '../errors'

export type ValidationType = 'EDGE_DUPLICATION' | 'EXECUTOR_DUPLICATION' | 'EDGE_CONFIGURATION' | 'GRAPH_CONNECTIVITY' | 'OUTPUT_VALIDATION'

/** The graph handed to WorkflowBuilder cannot become a workflow. */
export class WorkflowValidationError extends UserError {
  override readonly code: string = 'workflow_validation_error'
  readonly validationType: ValidationType

  constructor(message: string, validationType: ValidationType) {
    super(message)
    this.validationType = validationType
  }
}

export class EdgeDuplicationError extends WorkflowValidationError {
  override readonly code: string = 'workflow_edge_duplication'
  readonly edgeId: string

  constructor(edgeId: string) {
    super(`Duplicate edge detected: ${edgeId}. Each edge in the workflow must be unique.`, 'EDGE_DUPLICATION')
    this.edgeId = edgeId
  }
}

export class GraphConnectivityError extends WorkflowValidationError {
  override readonly code: string = 'workflow_graph_connectivity'

  constructor(message: string) {
    super(message, 'GRAPH_CONNECTIVITY')
  }
}

/** run()/runStream() was called with a combination of arguments that means nothing. */
export class WorkflowRunArgumentError extends UserError {
  override readonly code: string = 'workflow_run_arguments'
}

/** A second run was started on a Workflow instance that is still running. */
export class WorkflowAlreadyRunningError extends UserError {
  override readonly code: string = 'workflow_already_running'

  constructor() {
    super('Workflow is already running. Concurrent executions are not allowed.')
  }
}

/** Responses passed to run() do not match the workflow's pending requests. */
export class WorkflowResponseError extends UserError {
  override readonly code: string = 'workflow_response_invalid'
}

export class WorkflowConvergenceError extends WorkflowException {
  override readonly code: string = 'workflow_convergence_error'

  constructor(maxIterations: number) {
    super(`Runner did not converge after ${maxIterations} iterations.`)
  }
}

export class WorkflowCheckpointError extends WorkflowException {
  override readonly code: string = 'workflow_checkpoint_error'
}

/** A message reached an executor that has no handler for it, or routing was misconfigured at run time. */
export class WorkflowRoutingError extends WorkflowException {
  override readonly code: string = 'workflow_routing_error'
}

/** Formats ids the way the reference messages print lists: ['a', 'b']. */
export function formatIdList(ids: Iterable<string>): string {
  return `[${[...ids].map((id) => `'${id}'`).join(', ')}]`
}
