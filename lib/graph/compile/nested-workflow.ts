/**
 * A whole workflow as one node (orchestrations, sub-workflows), on lib/core's WorkflowExecutor:
 * the child's agent events and requests for people surface in the parent run. The child receives
 * the message as text and its outputs are sent on under the graph's message convention.
 */
import { WorkflowExecutor, type Workflow, type WorkflowContext } from '@/lib/core'
import { mapSentMessages } from './context-view'
import { messageText, replyText } from './messages'

export class NestedWorkflowExecutor extends WorkflowExecutor {
  constructor(workflow: Workflow, id: string) {
    super(workflow, { id, propagateRequest: true })
    this.outputCapable = false
  }

  override execute(message: unknown, ctx: WorkflowContext<unknown, unknown>): unknown {
    return super.execute(messageText(message), mapSentMessages(ctx, replyText))
  }

  override executeResponse(request: unknown, response: unknown, ctx: WorkflowContext<unknown, unknown>, requestId: string): unknown {
    return super.executeResponse(request, response, mapSentMessages(ctx, replyText), requestId)
  }
}
