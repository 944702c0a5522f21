/**
 * A workflow's pinned outputs (issue #31): per node, the value a debug run of the workflow sends instead of running
 * the node. Kept beside the workflow, not in its versions: a run started without `debug` never sees a pin, and a
 * debug run takes the workflow's pins (its request's own `pinned` win node by node; a run of one node takes none).
 */
import { z } from 'zod'
import { safeJson, safeText } from './safe-text'

/** A pin's value, as JSON text, may be this long: it is sent whole with every debug run. */
export const MAX_PIN_CHARS = 200_000
/** Pins a workflow may hold. */
export const MAX_PINS_PER_WORKFLOW = 200

const pinNodeId = safeText().min(1).max(200)

export const workflowPinsParams = z.object({ id: safeText().min(1).max(100) })
export const workflowPinParams = z.object({ id: safeText().min(1).max(100), nodeId: pinNodeId })

const pinValue = safeJson(z.json()).refine(
  (value) => JSON.stringify(value).length <= MAX_PIN_CHARS,
  `A pinned output is at most ${MAX_PIN_CHARS} characters of JSON.`,
)

export const putWorkflowPinBody = z.object({
  value: pinValue,
  /** The run whose output this is (absent: typed by hand). */
  pinnedFromRunId: safeText().min(1).max(100).optional(),
  /** The `updatedAt` of the pin this replaces, as last read, or null for a node without one: a pin changed since is 409 `stale_version`. */
  basedOn: z.iso.datetime().nullable(),
})
export type PutWorkflowPinBody = z.infer<typeof putWorkflowPinBody>

export const workflowPinViewSchema = z.object({
  nodeId: z.string(),
  value: z.json(),
  pinnedFromRunId: z.string().nullable(),
  pinnedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  updatedAt: z.string(),
})
export type WorkflowPinView = z.infer<typeof workflowPinViewSchema>

export const workflowPinListResponseSchema = z.object({ pins: z.array(workflowPinViewSchema) })
export const workflowPinResponseSchema = z.object({ pin: workflowPinViewSchema })
