/**
 * What a non-streaming run returns: the run's events (without `started`, and without `status`
 * unless includeStatusEvents was set) plus the status timeline.
 */
import { WorkflowException } from '../errors'
import type { RequestInfoEvent, WorkflowEvent, WorkflowRunState, WorkflowStatusEvent } from './events'
import type { WorkflowEventRecord } from './workflow-event-record'

export class WorkflowRunResult implements Iterable<WorkflowEvent> {
  constructor(
    private readonly log: WorkflowEventRecord,
    private readonly statusEvents: readonly WorkflowStatusEvent[],
  ) {}

  /** Every event, in order. Lifecycle events are rebuilt from a compact record on first access. */
  get events(): readonly WorkflowEvent[] {
    return this.log.toArray()
  }

  get length(): number {
    return this.log.length
  }

  [Symbol.iterator](): Iterator<WorkflowEvent> {
    return this.events[Symbol.iterator]()
  }

  /** Data of every `output` event, in order. */
  getOutputs<T = unknown>(): T[] {
    const outputs: T[] = []
    for (const event of this.log.keptEvents()) if (event.type === 'output') outputs.push(event.data as T)
    return outputs
  }

  /** Data of every `intermediate` event, in order. */
  getIntermediateOutputs<T = unknown>(): T[] {
    const outputs: T[] = []
    for (const event of this.log.keptEvents()) if (event.type === 'intermediate') outputs.push(event.data as T)
    return outputs
  }

  getRequestInfoEvents(): RequestInfoEvent[] {
    const requests: RequestInfoEvent[] = []
    for (const event of this.log.keptEvents()) if (event.type === 'request_info') requests.push(event)
    return requests
  }

  /** The state of the last status event (IDLE, IDLE_WITH_PENDING_REQUESTS, …). */
  getFinalState(): WorkflowRunState {
    const last = this.statusEvents[this.statusEvents.length - 1]
    if (!last) {
      throw new WorkflowException(
        'Final state is unknown because no status event was emitted. Ensure your workflow entry points are used ' +
          '(which emit status events) or handle the absence of status explicitly.',
      )
    }
    return last.state
  }

  statusTimeline(): WorkflowStatusEvent[] {
    return [...this.statusEvents]
  }
}
