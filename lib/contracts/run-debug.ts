/**
 * Debug runs: a run started with breakpoints and pinned outputs. A breakpoint pauses the run between two
 * supersteps (`before`: the next superstep would deliver a message to the node; `after`: the node ran in the
 * superstep that just ended), durably, as a run parks for a person; a pinned node does not run: it sends (and, as
 * an output, yields) its pinned value. Neither ever applies to a run started without `debug`.
 */
import { z } from 'zod'
import { safeText } from './safe-text'

const nodeId = safeText().min(1).max(200)

export const breakpointSchema = z.object({ nodeId, when: z.enum(['before', 'after']) })
export type Breakpoint = z.infer<typeof breakpointSchema>

/** A pinned output: what the node sends instead of running (any JSON value; text is the common case). */
export const pinnedOutputSchema = z.object({ value: z.json() })
export type PinnedOutput = z.infer<typeof pinnedOutputSchema>

export const runDebugSchema = z.object({
  breakpoints: z.array(breakpointSchema).max(200).default([]),
  /** By node id. */
  pinned: z.record(nodeId, pinnedOutputSchema).default({}),
  /** Run one node: just this node, fed the run's input (lib/graph single-node-document.ts), with its own settings. */
  node: nodeId.optional(),
})
export type RunDebug = z.infer<typeof runDebugSchema>

/** What a paused debug run is told to do: run on to the next breakpoint, run one superstep and pause again, or stop (cancel). */
export const debugActionSchema = z.enum(['continue', 'step', 'stop'])
export type DebugAction = z.infer<typeof debugActionSchema>

/** `POST /api/runs/:id/debug`. */
export const debugActionBody = z.object({ action: debugActionSchema })

/** Where a paused run stands: the breakpoint (or step) it stopped at, the superstep that ended, the nodes involved. */
export const breakpointHitSchema = z.looseObject({
  /** `step`: the run paused because a person asked for one superstep. */
  reason: z.enum(['before', 'after', 'step']),
  /** The nodes whose breakpoints matched (empty for a step). */
  nodeIds: z.array(z.string()),
  superstep: z.number(),
  checkpointId: z.string(),
})
export type BreakpointHit = z.infer<typeof breakpointHitSchema>

export const debugActionResponseSchema = z.object({ action: debugActionSchema, runId: z.string() })
