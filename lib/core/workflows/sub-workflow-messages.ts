/**
 * Messages between a WorkflowExecutor and the parent graph around it, for requests the parent
 * answers itself instead of asking outside the run (propagateRequest: false, the default):
 *
 *   sub ──SubWorkflowRequestMessage──▶ coordinator ──request.createResponse(answer)──▶ sub
 *
 * The request message wraps the child's request_info event; the response is matched to the
 * child's pending request by that event's request id. Both survive checkpoints with their classes
 * (registered below), so a coordinator may keep a request in its state or ask a person with
 * ctx.requestInfo(request) and answer after a resume in another process.
 */
import { decodeCheckpointValue, encodeCheckpointValue, registerCheckpointType, type JSONValue } from './encoding'
import type { RequestInfoEvent } from './events'

/** An answer from the parent graph to a sub-workflow's request; send it to the WorkflowExecutor. */
export class SubWorkflowResponseMessage<TData = unknown> {
  constructor(
    /** The answer to the original request. */
    readonly data: TData,
    /** The request_info event the sub-workflow emitted; its requestId says which request this answers. */
    readonly sourceEvent: RequestInfoEvent,
  ) {}
}

/** A sub-workflow's request for input, sent by its WorkflowExecutor along the parent's edges. */
export class SubWorkflowRequestMessage<TRequest = unknown> {
  constructor(
    /** The request_info event the sub-workflow emitted (requestId, executorId inside the child, data). */
    readonly sourceEvent: RequestInfoEvent<TRequest>,
    /** The WorkflowExecutor in the parent that owns the sub-workflow: send the response there. */
    readonly executorId: string,
  ) {}

  /**
   * Wraps an answer for the sub-workflow. The answer is checked against the request's response
   * schema when the sub-workflow receives it (the schema stays inside the child and is not copied
   * into this message, which must stay checkpoint-encodable).
   */
  createResponse<TData>(data: TData): SubWorkflowResponseMessage<TData> {
    return new SubWorkflowResponseMessage(data, this.sourceEvent)
  }
}

interface RequestEventJSON {
  requestId: string
  executorId: string
  data: JSONValue
}

function encodeRequestEvent(event: RequestInfoEvent): JSONValue {
  const json: RequestEventJSON = { requestId: event.requestId, executorId: event.executorId, data: encodeCheckpointValue(event.data) }
  return json as unknown as JSONValue
}

function decodeRequestEvent(json: JSONValue): RequestInfoEvent {
  const { requestId, executorId, data } = json as unknown as RequestEventJSON
  return { type: 'request_info', requestId, executorId, data: decodeCheckpointValue(data) }
}

registerCheckpointType<SubWorkflowRequestMessage>('SubWorkflowRequestMessage', {
  is: (value): value is SubWorkflowRequestMessage => value instanceof SubWorkflowRequestMessage,
  encode: (value) => ({ sourceEvent: encodeRequestEvent(value.sourceEvent), executorId: value.executorId }),
  decode: (json) => {
    const { sourceEvent, executorId } = json as { sourceEvent: JSONValue; executorId: string }
    return new SubWorkflowRequestMessage(decodeRequestEvent(sourceEvent), executorId)
  },
})
registerCheckpointType<SubWorkflowResponseMessage>('SubWorkflowResponseMessage', {
  is: (value): value is SubWorkflowResponseMessage => value instanceof SubWorkflowResponseMessage,
  encode: (value) => ({ data: encodeCheckpointValue(value.data), sourceEvent: encodeRequestEvent(value.sourceEvent) }),
  decode: (json) => {
    const { data, sourceEvent } = json as { data: JSONValue; sourceEvent: JSONValue }
    return new SubWorkflowResponseMessage(decodeCheckpointValue(data), decodeRequestEvent(sourceEvent))
  },
})
