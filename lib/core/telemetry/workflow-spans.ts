/**
 * Workflow spans, named as the reference's workflow telemetry names them (`workflow.run`,
 * `executor.process {id}` with `workflow.*` / `executor.*` attributes), plus one span per superstep
 * (`workflow.superstep {n}`) so a waterfall shows the engine's rounds.
 */
import { startSpan, type StartedSpan } from './tracing'

export function startWorkflowRunSpan(workflow: { id: string; name?: string }): StartedSpan {
  const attributes: Record<string, string> = { 'workflow.id': workflow.id }
  if (workflow.name) attributes['workflow.name'] = workflow.name
  return startSpan('workflow.run', attributes)
}

export function startSuperstepSpan(iteration: number): StartedSpan {
  return startSpan(`workflow.superstep ${iteration}`, { 'workflow.superstep.iteration': iteration })
}

export function startExecutorSpan(executorId: string, executorType: string): StartedSpan {
  return startSpan(`executor.process ${executorId}`, { 'executor.id': executorId, 'executor.type': executorType })
}
