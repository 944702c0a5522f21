/**
 * A run as a dataset row ("add from run"): its input becomes the row's input (a JSON object input stays one, for
 * workflows with declared start fields), its outputs the expected answer (one output as it is, several as a list),
 * and it remembers where it came from in its notes.
 */
import type { DatasetRowInput } from '@/lib/contracts/datasets'
import type { RunDetail } from '@/lib/contracts/runs'

export function runAsRow(run: Pick<RunDetail, 'id' | 'input' | 'outputs'>, notes?: string): DatasetRowInput {
  const outputs = run.outputs ?? []
  const expected = outputs.length === 0 ? undefined : outputs.length === 1 ? outputs[0] : outputs
  return {
    input: objectInput(run.input) ?? run.input,
    ...(expected === undefined ? {} : { expected }),
    notes: notes ?? `From run ${run.id}`,
  }
}

/** The single output of a run as an evaluator sees it (several outputs: the list). */
export function runOutput(outputs: readonly unknown[] | null | undefined): unknown {
  if (!outputs || outputs.length === 0) return null
  return outputs.length === 1 ? outputs[0] : outputs
}

function objectInput(text: string): Record<string, unknown> | undefined {
  if (!text.trimStart().startsWith('{')) return undefined
  try {
    const value = JSON.parse(text) as unknown
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
