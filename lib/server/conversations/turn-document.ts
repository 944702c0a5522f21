/**
 * A conversation turn runs on the same path as a workflow run: the agent version's settings become
 * a one-agent document (start → agent → output), compiled and run by the worker like any saved
 * workflow, so MCP servers, skills, function tools, approvals, parking and resuming come with it.
 */
import { z } from 'zod'
import { AgentSettingsSchema, CURRENT_SCHEMA_VERSION, type GraphDocument } from '@/lib/graph'
import { InvalidSavedWorkflowError, parseSaved } from '../workflows/saved-document'

/** The agent node's id in a turn's document: the node that talks in the conversation. */
export const TURN_AGENT_NODE_ID = 'agent'

/** A JSON reply asked for one turn (the Responses endpoint's `text.format`): the agent's structured output for it. */
export const replyFormatSchema = z.object({ name: z.string(), schema: z.record(z.string(), z.unknown()) })
export type ReplyFormat = z.infer<typeof replyFormatSchema>

/**
 * What a turn's run stores as its input: the message, how long the conversation was when it was
 * sent, and instructions and a reply format for this turn alone (the Responses endpoint's
 * `instructions` and `text.format`).
 */
export const turnInputSchema = z.object({
  text: z.string(),
  historyStart: z.number().int().min(0),
  instructions: z.string().optional(),
  replyFormat: replyFormatSchema.optional(),
})
export type TurnInput = z.infer<typeof turnInputSchema>

export function parseTurnInput(input: unknown): TurnInput {
  const parsed = turnInputSchema.safeParse(input)
  if (!parsed.success) throw new InvalidSavedWorkflowError('The turn has no message to send.')
  return parsed.data
}

export function turnDocument(definition: unknown): GraphDocument {
  const settings = AgentSettingsSchema.safeParse(definition)
  if (!settings.success) throw new InvalidSavedWorkflowError(`The saved agent is not valid: ${z.prettifyError(settings.error)}`)
  return parseSaved(
    {
      schemaVersion: CURRENT_SCHEMA_VERSION,
      nodes: [
        { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: TURN_AGENT_NODE_ID, kind: 'agent', position: { x: 320, y: 0 }, data: settings.data },
        { id: 'output', kind: 'output', position: { x: 640, y: 0 }, data: {} },
      ],
      edges: [
        { id: 'start->agent', source: 'start', target: TURN_AGENT_NODE_ID },
        { id: 'agent->output', source: TURN_AGENT_NODE_ID, target: 'output' },
      ],
    },
    'The saved agent',
  )
}

/** What a turn adds to its agent's saved settings, for that turn alone. */
export interface TurnSettings {
  /** Appended to the agent's own instructions. */
  instructions?: string
  /** Replaces the agent's own structured output. */
  replyFormat?: ReplyFormat
}

/** The turn's document with the turn's settings on its agent (the saved version stays as it is). */
export function withTurnSettings(document: GraphDocument, { instructions, replyFormat }: TurnSettings): GraphDocument {
  if (!instructions?.trim() && !replyFormat) return document
  return {
    ...document,
    nodes: document.nodes.map((node) => {
      if (node.id !== TURN_AGENT_NODE_ID || node.kind !== 'agent') return node
      const data = { ...node.data }
      if (instructions?.trim()) data.instructions = [node.data.instructions, instructions].filter((part) => part.trim()).join('\n\n')
      if (replyFormat) data.structuredOutput = { mode: 'json_schema', name: replyFormat.name, schema: JSON.stringify(replyFormat.schema), fields: [] }
      return { ...node, data }
    }),
  }
}
