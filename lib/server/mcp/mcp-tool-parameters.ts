/**
 * A tool's declared parameters as a connection test shows them: the properties of its inputSchema
 * with a readable type, whether they are required, and their descriptions. The schema comes from
 * the server (outside text): anything unexpected reads as "any" instead of failing the test.
 */
import type { McpToolParameter, McpToolSummary } from '@/lib/contracts/mcp-servers'
import { MCP_TASK_SUPPORT } from '@/lib/contracts/mcp-servers'

type JsonSchema = { type?: unknown; enum?: unknown; const?: unknown; items?: unknown; anyOf?: unknown; oneOf?: unknown; description?: unknown }

const MAX_PARAMETERS = 200
const MAX_DEPTH = 3

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** "string", "number | null", "string[]", "\"a\" | \"b\""; "any" when nothing is said. */
export function describeSchemaType(schema: unknown, depth = 0): string {
  if (!isSchema(schema) || depth > MAX_DEPTH) return 'any'
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined
  if (variants && variants.length > 0) return [...new Set(variants.map((variant) => describeSchemaType(variant, depth + 1)))].join(' | ')
  const types = Array.isArray(schema.type)
    ? schema.type.filter((t): t is string => typeof t === 'string')
    : typeof schema.type === 'string'
      ? [schema.type]
      : []
  if (types.length === 0) return 'any'
  return types.map((type) => (type === 'array' ? `${describeSchemaType(schema.items, depth + 1)}[]` : type)).join(' | ')
}

export function describeToolParameters(inputSchema: unknown): McpToolParameter[] {
  if (!isSchema(inputSchema)) return []
  const { properties, required } = inputSchema as { properties?: unknown; required?: unknown }
  if (!isSchema(properties)) return []
  const requiredNames = new Set(Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : [])
  return Object.entries(properties as Record<string, unknown>)
    .slice(0, MAX_PARAMETERS)
    .map(([name, schema]) => ({
      name,
      type: describeSchemaType(schema),
      required: requiredNames.has(name),
      description: isSchema(schema) && typeof schema.description === 'string' ? schema.description : '',
    }))
}

/** A tools/list entry as the connection test shows it. */
export function summariseListedTool(tool: {
  name: string
  description?: string
  inputSchema?: unknown
  execution?: { taskSupport?: unknown }
}): McpToolSummary {
  const support = tool.execution?.taskSupport
  return {
    name: tool.name,
    description: tool.description ?? '',
    parameters: describeToolParameters(tool.inputSchema),
    taskSupport: MCP_TASK_SUPPORT.find((value) => value === support) ?? 'forbidden',
  }
}
