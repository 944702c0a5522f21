/**
 * The few span primitives the instrumented places share. Spans come from the tracer of the globally
 * registered provider (`@opentelemetry/api`, a no-op until an SDK registers one); callers check
 * `telemetry.enabled` before calling in, so a run without telemetry allocates nothing here.
 */
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api'

export const TRACER_NAME = 'agentloom'

/** Asked for per span (only while telemetry is on): a provider registered, replaced or disabled later is followed. */
function tracer(): Tracer {
  return trace.getTracer(TRACER_NAME)
}

export interface StartedSpan {
  readonly span: Span
  /** The parent context with this span set: run children inside it. */
  readonly context: Context
}

export function startSpan(name: string, attributes: Attributes, parent: Context = context.active(), kind: SpanKind = SpanKind.INTERNAL): StartedSpan {
  const span = tracer().startSpan(name, { kind, attributes }, parent)
  return { span, context: trace.setSpan(parent, span) }
}

/** Marks the span failed (semantic conventions: status ERROR, `error.type`, an exception event). */
export function recordFailure(span: Span, error: unknown): void {
  const failure = error instanceof Error ? error : new Error(String(error))
  span.recordException(failure)
  span.setStatus({ code: SpanStatusCode.ERROR, message: failure.message })
  span.setAttribute('error.type', failure.name || 'Error')
}

/**
 * Runs `work` in the contexts of a tool's calls in flight, so that what a server asks for while serving a call (a
 * sampling or elicitation request) is traced as that call's child. The protocol does not say which call a request
 * serves: with several calls in flight on one connection, the oldest is taken.
 */
export class CallContexts {
  private readonly inFlight: Context[] = []

  /** Runs a call, its context (the call's span) counted as in flight until it settles. */
  async track<T>(call: () => Promise<T>): Promise<T> {
    const current = context.active()
    this.inFlight.push(current)
    try {
      return await call()
    } finally {
      this.inFlight.splice(this.inFlight.indexOf(current), 1)
    }
  }

  /** Runs `work` in the oldest call's context, or in the current one when no call is in flight. */
  within<T>(work: () => T): T {
    const call = this.inFlight[0]
    return call ? context.with(call, work) : work()
  }
}

/** Runs `work` as the span's child context and ends the span when it settles. */
export async function inSpan<T>(started: StartedSpan, work: () => Promise<T>, onResult?: (span: Span, result: T) => void): Promise<T> {
  try {
    const result = await context.with(started.context, work)
    onResult?.(started.span, result)
    return result
  } catch (error) {
    recordFailure(started.span, error)
    throw error
  } finally {
    started.span.end()
  }
}

/**
 * An async iterable whose every step runs inside `ctx`. A generator resumes in the context of the
 * code that calls `next()`, not where it was created; this keeps spans opened inside a streamed
 * model call parented to the agent run that asked for it.
 */
export function iterateInContext<T>(ctx: Context, iterable: AsyncIterable<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      const iterator = context.with(ctx, () => iterable[Symbol.asyncIterator]())
      return {
        next: () => context.with(ctx, () => iterator.next()),
        return: (value?: unknown) => context.with(ctx, () => iterator.return?.(value) ?? Promise.resolve({ done: true as const, value: undefined })),
      }
    },
  }
}

export { SpanKind }
