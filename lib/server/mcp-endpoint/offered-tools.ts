/**
 * The tools a person's `/mcp` lists: the workflows and saved agents they offer (mcp-tool-offers.ts),
 * each with the input schema its start takes. A workflow whose start node declares input fields
 * takes those fields (checked with the zod schema built from the same declaration, and passed to
 * the run as JSON text); one that declares none takes its text input as `{ input }` (the start
 * node's input description describes it). An agent takes a message and, to go on with a
 * conversation, the `conversation_id` an earlier answer gave.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { safeText } from '@/lib/contracts/safe-text'
import { inputFieldsToJsonSchema, inputFieldsZod, parseGraphDocument, type InputField } from '@/lib/graph'
import type { Prisma } from '../db/database'

export type OfferedTool =
  | { kind: 'workflow'; workflowId: string; tool: Tool; arguments: z.ZodType<{ input: string }> }
  | { kind: 'agent'; agentId: string; tool: Tool; arguments: typeof agentArguments }

/** Arguments are checked here too, not only by clients: strings a text column can hold, nothing unknown. */
const workflowArguments = z.strictObject({ input: safeText().max(100_000) })
const agentArguments = z.strictObject({
  message: safeText().trim().min(1, 'Send a message.').max(100_000),
  conversation_id: safeText().max(100).optional(),
})

/** The declared fields' object, checked, as the JSON text a run takes. */
function declaredArguments(fields: InputField[]): z.ZodType<{ input: string }> {
  return inputFieldsZod(fields).transform((value) => ({ input: JSON.stringify(value) }))
}

function workflowInputSchema(start: StartInput): Tool['inputSchema'] {
  if (start.fields.length > 0) return inputFieldsToJsonSchema(start.fields) as Tool['inputSchema']
  return {
    type: 'object',
    properties: { input: { type: 'string', description: start.description || 'The text the workflow starts with.' } },
    required: ['input'],
    additionalProperties: false,
  }
}

const AGENT_INPUT_SCHEMA: Tool['inputSchema'] = {
  type: 'object',
  properties: {
    message: { type: 'string', description: 'What to say to the agent.' },
    conversation_id: {
      type: 'string',
      description: 'Go on with this conversation (the conversation_id of an earlier answer); without it a new conversation starts.',
    },
  },
  required: ['message'],
  additionalProperties: false,
}

const AGENT_OUTPUT_SCHEMA: Tool['outputSchema'] = {
  type: 'object',
  properties: {
    output: { type: 'string', description: "The agent's answer." },
    conversation_id: { type: 'string', description: 'The conversation, to send the next message to.' },
  },
  required: ['output', 'conversation_id'],
}

interface StartInput {
  description: string
  fields: InputField[]
}

/** What the start node asks for, from the workflow's latest version (text, undescribed, when it does not parse). */
function startInput(graph: unknown): StartInput {
  const parsed = parseGraphDocument(graph)
  const start = parsed.ok ? parsed.document.nodes.find((node) => node.kind === 'start') : undefined
  return start?.kind === 'start' ? { description: start.data.inputDescription, fields: start.data.inputFields ?? [] } : { description: '', fields: [] }
}

/**
 * One workspace's offered tools, by name (names are unique per workspace, so one list cannot hold two workspaces'):
 * the caller's personal workspace, or the one their token is limited to. Deleted workflows have no offer (deleting removes it).
 */
export async function listOfferedTools(prisma: Prisma, workspaceId: string | null, name?: string): Promise<OfferedTool[]> {
  if (workspaceId === null) return []
  const rows = await prisma.mcpToolOffer.findMany({
    where: { workspaceId, ...(name === undefined ? {} : { name }) },
    orderBy: { name: 'asc' },
    include: {
      workflow: {
        select: { id: true, name: true, description: true, deletedAt: true, versions: { orderBy: { version: 'desc' }, take: 1, select: { graph: true } } },
      },
      agent: { select: { id: true, name: true, description: true } },
    },
  })
  const tools: OfferedTool[] = []
  for (const row of rows) {
    if (row.workflow && row.workflow.deletedAt === null && row.workflow.versions.length > 0) {
      const { workflow } = row
      const start = startInput(workflow.versions[0].graph)
      tools.push({
        kind: 'workflow',
        workflowId: workflow.id,
        arguments: start.fields.length > 0 ? declaredArguments(start.fields) : workflowArguments,
        tool: {
          name: row.name,
          title: workflow.name,
          description: workflow.description || `Runs the Agentloom workflow '${workflow.name}' and answers with its output.`,
          inputSchema: workflowInputSchema(start),
          execution: { taskSupport: 'optional' },
        },
      })
    } else if (row.agent) {
      const { agent } = row
      tools.push({
        kind: 'agent',
        agentId: agent.id,
        arguments: agentArguments,
        tool: {
          name: row.name,
          title: agent.name,
          description: agent.description || `Sends a message to the Agentloom agent '${agent.name}' and answers with its reply.`,
          inputSchema: AGENT_INPUT_SCHEMA,
          outputSchema: AGENT_OUTPUT_SCHEMA,
          execution: { taskSupport: 'optional' },
        },
      })
    }
  }
  return tools
}

/** The arguments' problems, one line each, or the checked arguments. */
export function checkArguments<S extends z.ZodType>(schema: S, args: unknown): { ok: true; value: z.output<S> } | { ok: false; message: string } {
  const parsed = schema.safeParse(args ?? {})
  if (parsed.success) return { ok: true, value: parsed.data }
  return { ok: false, message: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('\n') }
}
