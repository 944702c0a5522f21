/**
 * A WorkflowContext that forwards everything to the real one but passes each sent message through
 * `map` first. Lets compiled nodes reuse lib/core executors (AgentExecutor, WorkflowExecutor) while
 * applying the graph's message convention at their output.
 *
 * Exported TypeScript files run this module too (through export-runtime.ts).
 */
import type { WorkflowContext } from '@/lib/core'

export function mapSentMessages<TOut, TWorkflowOut>(
  ctx: WorkflowContext<TOut, TWorkflowOut>,
  map: (message: TOut) => unknown,
): WorkflowContext<TOut, TWorkflowOut> {
  return {
    get executorId() {
      return ctx.executorId
    },
    get sourceExecutorIds() {
      return ctx.sourceExecutorIds
    },
    get signal() {
      return ctx.signal
    },
    get isStreaming() {
      return ctx.isStreaming
    },
    get workflowName() {
      return ctx.workflowName
    },
    // The mapped value goes to the same edges; the graph's messages are untyped by design.
    sendMessage: (message, targetId) => ctx.sendMessage(map(message) as TOut, targetId),
    yieldOutput: (output) => ctx.yieldOutput(output),
    addEvent: (event) => ctx.addEvent(event),
    requestInfo: (data, options) => ctx.requestInfo(data, options),
    getState: ((key: string, ...fallback: unknown[]) => (ctx.getState as (...args: unknown[]) => unknown)(key, ...fallback)) as WorkflowContext['getState'],
    setState: (key, value) => ctx.setState(key, value),
    hasState: (key) => ctx.hasState(key),
    deleteState: (key) => ctx.deleteState(key),
  }
}
