/**
 * A finished run as an evaluator's sample: its outputs (one output as it is, several as a list), tokens from its
 * usage, latency from start to finish, and the tool calls its events recorded. Two statements per run.
 */
import type { SqlRunner } from '../db/sql'
import type { Sample } from './evaluators/sample'
import { runOutput } from './run-as-row'

export interface EndedRun {
  status: string
  outputs: unknown[] | null
  usage: { inputTokenCount?: number; outputTokenCount?: number; totalTokenCount?: number } | null
  latencyMs: number
}

export async function readEndedRun(sql: Pick<SqlRunner, 'query'>, runId: string): Promise<(EndedRun & { toolCalls: Sample['toolCalls'] }) | undefined> {
  const [run] = await sql.query<EndedRun>(
    `SELECT status, outputs, usage,
       GREATEST(0, round(EXTRACT(EPOCH FROM (COALESCE("finishedAt", now()) - COALESCE("startedAt", "createdAt"))) * 1000))::int AS "latencyMs"
     FROM "Run" WHERE id = $1`,
    [runId],
  )
  if (!run) return undefined
  const events = await sql.query<{ data: ToolCallEvent }>(`SELECT data FROM "RunEvent" WHERE "runId" = $1 AND type = 'tool_call' ORDER BY sequence`, [runId])
  return { ...run, toolCalls: joinToolCalls(events.map(({ data }) => data)) }
}

type ToolCallEvent = { callId?: unknown; name?: unknown; arguments?: unknown }

/**
 * The calls in a run's `tool_call` events. A streamed call arrives in pieces (the name with the first part of its
 * arguments, then the rest under the same callId with no name): the pieces are joined per call and the arguments
 * read as JSON once whole.
 */
export function joinToolCalls(events: readonly ToolCallEvent[]): Sample['toolCalls'] {
  const calls = new Map<string, { name: string; parts: string[] }>()
  events.forEach((event, index) => {
    const key = typeof event.callId === 'string' && event.callId !== '' ? event.callId : `#${index}`
    const call = calls.get(key) ?? { name: '', parts: [] }
    if (typeof event.name === 'string' && event.name !== '' && call.name === '') call.name = event.name
    if (event.arguments !== undefined && event.arguments !== null)
      call.parts.push(typeof event.arguments === 'string' ? event.arguments : JSON.stringify(event.arguments))
    calls.set(key, call)
  })
  return [...calls.values()].map(({ name, parts }) => {
    const text = parts.join('')
    try {
      return { name, arguments: text === '' ? {} : (JSON.parse(text) as unknown) }
    } catch {
      return { name, arguments: text }
    }
  })
}

export function tokensOf(usage: EndedRun['usage']): number {
  if (!usage) return 0
  return usage.totalTokenCount ?? (usage.inputTokenCount ?? 0) + (usage.outputTokenCount ?? 0)
}

/** `costUsd`: what the run cost by its workspace's price table; null when its model has no price (then `costUsd` thresholds fail, saying so). */
export function sampleOf(
  row: { input: unknown; expected?: unknown; notes?: string },
  run: EndedRun & { toolCalls: Sample['toolCalls'] },
  costUsd: number | null = null,
): Sample {
  return {
    input: row.input,
    output: runOutput(run.outputs),
    ...(row.expected === undefined ? {} : { expected: row.expected }),
    ...(row.notes === undefined ? {} : { notes: row.notes }),
    metrics: { tokens: tokensOf(run.usage), latencyMs: run.latencyMs, ...(costUsd === null ? {} : { costUsd }) },
    toolCalls: run.toolCalls,
  }
}
