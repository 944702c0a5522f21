/* eslint-disable @typescript-eslint/no-explicit-any -- executors, edge conditions and agents are stored side by side whatever their message types; `any` in these type-parameter defaults and callback parameters keeps user callbacks such as `(text: string) => …` assignable (unknown would reject them under strictFunctionTypes). */
/**
 * Executor: a node of a workflow graph. An executor registers typed handlers (each with an optional
 * guard saying which messages it accepts) and, for human-in-the-loop, response handlers that receive
 * the answer to a request it made with ctx.requestInfo().
 *
 *   class Upper extends Executor<string, string> {
 *     constructor() { super('upper'); this.addHandler(isString, (text, ctx) => ctx.sendMessage(text.toUpperCase())) }
 *   }
 *
 * A subclass may instead override `handle(message, ctx)` to take every message in one method.
 */
import { UserError } from '../errors'
import type { WorkflowContext } from './context'
import { WorkflowRoutingError } from './errors'
import { guardAccepts, type MessageGuard } from './guards'

export type MessageHandler<TIn, TOut, TWorkflowOut> = (message: TIn, ctx: WorkflowContext<TOut, TWorkflowOut>) => unknown
export type ResponseHandler<TRequest, TResponse, TOut, TWorkflowOut> = (
  originalRequest: TRequest,
  response: TResponse,
  ctx: WorkflowContext<TOut, TWorkflowOut>,
  requestId: string,
) => unknown

interface MessageHandlerEntry {
  accepts?: MessageGuard
  handle: MessageHandler<any, any, any>
}

interface ResponseHandlerEntry {
  request?: MessageGuard
  response?: MessageGuard
  handle: ResponseHandler<any, any, any, any>
}

export interface ExecutorJSON {
  id: string
  type: string
  [key: string]: unknown
}

export abstract class Executor<TIn = any, TOut = any, TWorkflowOut = any> {
  readonly id: string
  /**
   * Whether the executor may yield workflow outputs; `outputFrom: 'all'` selects exactly these.
   * Executors that only route messages set it to false.
   */
  outputCapable = true
  private readonly messageHandlers: MessageHandlerEntry[] = []
  private readonly responseHandlers: ResponseHandlerEntry[] = []

  constructor(id: string) {
    if (typeof id !== 'string' || id.length === 0) throw new UserError('Executor id must be a non-empty string.')
    this.id = id
  }

  /** The kind of executor, recorded in toJSON() and in the graph signature of checkpoints. */
  get type(): string {
    return this.constructor.name
  }

  protected addHandler<T extends TIn>(accepts: MessageGuard | undefined, handle: MessageHandler<T, TOut, TWorkflowOut>): this {
    this.messageHandlers.push({ accepts, handle })
    return this
  }

  protected addResponseHandler<TRequest = unknown, TResponse = unknown>(
    handle: ResponseHandler<TRequest, TResponse, TOut, TWorkflowOut>,
    guards: { request?: MessageGuard; response?: MessageGuard } = {},
  ): this {
    this.responseHandlers.push({ ...guards, handle })
    return this
  }

  /** Override to take every message in one method instead of registering handlers. */
  protected handle(message: TIn, ctx: WorkflowContext<TOut, TWorkflowOut>): unknown {
    void ctx
    throw new WorkflowRoutingError(`Executor '${this.id}' cannot handle message of type ${describeType(message)}.`)
  }

  canHandle(message: unknown): boolean {
    const handlers = this.messageHandlers
    if (handlers.length === 0) return this.handle !== Executor.prototype.handle
    for (let i = 0; i < handlers.length; i++) if (guardAccepts(handlers[i].accepts, message)) return true
    return false
  }

  /** True when every message is accepted, so routing may skip canHandle() (decided once, at build). */
  acceptsEverything(): boolean {
    if (this.canHandle !== Executor.prototype.canHandle) return false
    const handlers = this.messageHandlers
    if (handlers.length === 0) return this.handle !== Executor.prototype.handle
    return handlers.some((entry) => entry.accepts === undefined)
  }

  /**
   * The handler that takes every message, when it is the executor's only way in (one unguarded
   * handler, execute() not overridden). The runner calls it directly, with the executor as `this`,
   * so a step reads the graph node and not the executor's handler list (decided once, at build).
   */
  soleHandler(): MessageHandler<TIn, TOut, TWorkflowOut> | undefined {
    if (this.execute !== Executor.prototype.execute) return undefined
    const handlers = this.messageHandlers
    return handlers.length === 1 && handlers[0].accepts === undefined ? handlers[0].handle : undefined
  }

  /** Runs the first handler that accepts the message. Called by the runner. */
  execute(message: TIn, ctx: WorkflowContext<TOut, TWorkflowOut>): unknown {
    const handlers = this.messageHandlers
    if (handlers.length === 0) return this.handle(message, ctx)
    for (let i = 0; i < handlers.length; i++) {
      if (guardAccepts(handlers[i].accepts, message)) return handlers[i].handle.call(this, message, ctx)
    }
    throw new WorkflowRoutingError(`Executor '${this.id}' cannot handle message of type ${describeType(message)}.`)
  }

  hasResponseHandler(): boolean {
    return this.responseHandlers.length > 0
  }

  /** Runs the response handler matching the original request and the response. Called by the runner. */
  executeResponse(originalRequest: unknown, response: unknown, ctx: WorkflowContext<TOut, TWorkflowOut>, requestId: string): unknown {
    for (const entry of this.responseHandlers) {
      if (guardAccepts(entry.request, originalRequest) && guardAccepts(entry.response, response)) {
        return entry.handle.call(this, originalRequest, response, ctx, requestId)
      }
    }
    throw new WorkflowRoutingError(
      `Executor '${this.id}' has no response handler for a ${describeType(response)} response to a ${describeType(originalRequest)} request.`,
    )
  }

  /** Called before a new run (not before a resume): drop anything kept from the previous run. */
  reset?(): void
  /** Returns JSON-encodable executor state to store in each checkpoint. */
  onCheckpointSave?(): unknown
  onCheckpointRestore?(state: unknown): void | Promise<void>

  toJSON(): ExecutorJSON {
    return { id: this.id, type: this.type }
  }
}

export function describeType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'Array'
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'Object'
  return typeof value
}

export interface FunctionExecutorOptions<TOut, TWorkflowOut> {
  /** Which messages the function accepts (zod schema or predicate); everything when omitted. */
  accepts?: MessageGuard
  /** Receives answers to requests made with ctx.requestInfo(). */
  onResponse?: ResponseHandler<any, any, TOut, TWorkflowOut>
  outputCapable?: boolean
}

/** An executor made from a plain function. */
export class FunctionExecutor<TIn = any, TOut = any, TWorkflowOut = any> extends Executor<TIn, TOut, TWorkflowOut> {
  constructor(id: string, fn: MessageHandler<TIn, TOut, TWorkflowOut>, options: FunctionExecutorOptions<TOut, TWorkflowOut> = {}) {
    super(id)
    this.addHandler(options.accepts, fn)
    if (options.onResponse) this.addResponseHandler(options.onResponse)
    if (options.outputCapable !== undefined) this.outputCapable = options.outputCapable
  }
}

/** `executor('upper', async (text: string, ctx) => ctx.sendMessage(text.toUpperCase()))` */
export function executor<TIn = any, TOut = any, TWorkflowOut = any>(
  id: string,
  fn: MessageHandler<TIn, TOut, TWorkflowOut>,
  options?: FunctionExecutorOptions<TOut, TWorkflowOut>,
): FunctionExecutor<TIn, TOut, TWorkflowOut> {
  return new FunctionExecutor(id, fn, options)
}
