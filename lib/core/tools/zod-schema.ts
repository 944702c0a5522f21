import { z } from 'zod'
import { ToolDefinitionError } from '../errors'
import type { JSONSchema } from '../types'

/** The JSON Schema a model sees for a zod parameters schema: the input side, without the `$schema` marker. */
export function zodToToolSchema(toolName: string, schema: z.ZodType): JSONSchema {
  let json: JSONSchema
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JSONSchema
  } catch (error) {
    throw new ToolDefinitionError(`Tool "${toolName}": cannot express its parameters as JSON Schema: ${(error as Error).message}`, {
      cause: error,
    })
  }
  delete json.$schema
  if (json.type !== 'object') {
    throw new ToolDefinitionError(`Tool "${toolName}": the parameters schema must be a zod object (z.object(...)).`)
  }
  return json
}
