/**
 * How a local run looks on the terminal. People: a line per superstep and executor on stderr,
 * agent text as it streams, tool calls and results, then the outputs on stdout. Scripts (`--json`):
 * each lib/core event as one JSON line on stdout, then `{ "type": "result", status, outputs, error? }`.
 */
import type { Content, WorkflowEvent } from '@/lib/core'
import { jsonLine, type CliIo } from './cli-io'

export class RunPrinter {
  readonly outputs: unknown[] = []
  failure: string | undefined
  /** The executor whose text is being streamed, so that its pieces share one line. */
  private streaming: string | undefined
  /** Tool calls stream their arguments in pieces: gathered by call id, printed whole before the next line. */
  private readonly calls = new Map<string, { executorId: string; name: string; args: string }>()
  private lastCallId = ''

  constructor(
    private readonly io: CliIo,
    private readonly json: boolean,
  ) {}

  event(event: WorkflowEvent): void {
    if (event.type === 'output') this.outputs.push(event.data)
    if (event.type === 'failed') this.failure ??= event.error.message
    if (this.json) {
      if (event.type !== 'status') this.io.out(jsonLine(toPlainJson(event)))
      return
    }
    this.progress(event)
  }

  /** A failure that ended the run outside the event stream (a thrown error). */
  fail(message: string): void {
    this.failure ??= message
    if (this.json) this.io.out(jsonLine({ type: 'failed', error: { message } }))
  }

  result(): void {
    this.endStreaming()
    const status = this.failure === undefined ? 'succeeded' : 'failed'
    if (this.json) {
      this.io.out(jsonLine({ type: 'result', status, outputs: toPlainJson(this.outputs), ...(this.failure === undefined ? {} : { error: this.failure }) }))
      return
    }
    if (this.failure !== undefined) this.io.err(`✗ run failed: ${this.failure}\n`)
    else this.io.err(`✓ run succeeded (${this.outputs.length} output${this.outputs.length === 1 ? '' : 's'})\n`)
    for (const output of this.outputs) this.io.out(`${typeof output === 'string' ? output : JSON.stringify(toPlainJson(output), null, 2)}\n`)
  }

  private progress(event: WorkflowEvent): void {
    switch (event.type) {
      case 'superstep_started':
        return this.line(`▸ superstep ${event.iteration}`)
      case 'executor_invoked':
        return this.line(`  · ${event.executorId} started`)
      case 'executor_completed':
        return this.line(`  · ${event.executorId} done`)
      case 'executor_failed':
        return this.line(`  ✗ ${event.executorId} failed: ${event.error.message}`)
      case 'agent_update':
        return this.agentUpdate(event.executorId, event.text, event.contents)
      case 'request_info':
        return this.line(`  ? ${event.executorId} waits for an answer`)
      case 'warning':
        return this.line(`  ! ${event.message}`)
      case 'error':
        return this.line(`  ✗ ${event.error.message}`)
      case 'handoff_sent':
        return this.line(`  · handoff ${event.source} → ${event.target}`)
      default:
        return
    }
  }

  private agentUpdate(executorId: string, text: string, contents: readonly Content[]): void {
    if (text.length > 0) {
      if (this.streaming !== executorId) {
        this.endStreaming()
        this.io.err(`    ${executorId}: `)
        this.streaming = executorId
      }
      this.io.err(text)
    }
    for (const content of contents) {
      if (content.type === 'function_call') this.gatherCall(executorId, content.callId, content.name, content.arguments)
      else if (content.type === 'function_result')
        this.line(`    ${executorId} ← ${content.exception ? `error: ${String(content.exception)}` : JSON.stringify(content.result)}`)
    }
  }

  private gatherCall(executorId: string, callId: string, name: string, args: string | Record<string, unknown> | undefined): void {
    const id = callId || this.lastCallId
    this.lastCallId = id
    const call = this.calls.get(id) ?? { executorId, name: '', args: '' }
    call.name ||= name
    call.args += typeof args === 'string' ? args : args === undefined ? '' : JSON.stringify(args)
    this.calls.set(id, call)
  }

  private line(text: string): void {
    this.endStreaming()
    this.io.err(`${text}\n`)
  }

  private endStreaming(): void {
    const calls = [...this.calls.values()]
    this.calls.clear()
    for (const call of calls) this.io.err(`${this.streaming === undefined ? '' : '\n'}    ${call.executorId} calls ${call.name} ${call.args}\n`)
    if (calls.length > 0) this.streaming = undefined
    if (this.streaming === undefined) return
    this.streaming = undefined
    this.io.err('\n')
  }
}

/** Events carry class instances (messages, errors): their JSON form, with errors as `{ name, message }`. */
function toPlainJson(value: unknown): unknown {
  if (value === undefined) return null
  return JSON.parse(JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Error ? { name: inner.name, message: inner.message } : inner)))
}
