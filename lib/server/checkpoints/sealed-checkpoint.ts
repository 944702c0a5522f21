/**
 * A workflow checkpoint as it is stored: sealed with the secrets box (AES-256-GCM,
 * secrets/secret-box.ts), in a jsonb column as `{ "sealed": "v1:…" }`.
 *
 * Sealed rather than redacted: a checkpoint is what a run resumes from — the messages between
 * executors, their state, the agents' threads in flight — and a resumed run must go on exactly as
 * it would have (a condition may compare a tool's answer, a later tool may be given it), so the
 * values are kept whole. They may hold whatever an MCP server echoed, so they are never at rest in
 * the clear; nothing shows a checkpoint to people.
 */
import type { WorkflowCheckpoint } from '@/lib/core'
import { jsonbSafeText } from '../db/jsonb'
import { isSealed, type SecretBox } from '../secrets/secret-box'

/** The `data` column's JSON text for `checkpoint`. */
export function sealedCheckpointText(box: SecretBox, checkpoint: WorkflowCheckpoint): string {
  return JSON.stringify({ sealed: box.sealJsonText(jsonbSafeText(checkpoint)) })
}

/** The checkpoint in a `data` column: opened when sealed; a row from before sealing is read as it is. */
export function openStoredCheckpoint(box: SecretBox, data: unknown): WorkflowCheckpoint {
  const sealed = (data as { sealed?: unknown } | null)?.sealed
  return (isSealed(sealed) ? box.open(sealed) : data) as WorkflowCheckpoint
}
