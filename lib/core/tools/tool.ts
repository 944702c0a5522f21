/**
 * `tool({ name, description, parameters, execute, approvalMode })`: the short way to define a FunctionTool.
 * `parameters` is a zod schema (arguments are parsed with it, so defaults and coercions apply and `execute`
 * is typed) or a JSON Schema object (arguments are validated against it). Bad definitions fail here, at
 * definition time; bad arguments at run time go back to the model.
 */
import type { z } from 'zod'
import { ToolDefinitionError } from '../errors'
import { isZodSchema, zodArgumentsValidator } from './arguments'
import { FunctionTool, type ApprovalMode, type FunctionInvocationOptions } from './function-tool'
import { zodToToolSchema } from './zod-schema'
import type { JSONSchema } from '../types'

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/

interface ToolDefinitionBase<TArgs, TResult> {
  name: string
  description?: string
  approvalMode?: ApprovalMode
  additionalProperties?: Record<string, unknown>
  execute: (args: TArgs, options: FunctionInvocationOptions) => Promise<TResult> | TResult
}

export interface ZodToolDefinition<S extends z.ZodType, TResult> extends ToolDefinitionBase<z.output<S>, TResult> {
  parameters: S
}

export interface JsonSchemaToolDefinition<TResult> extends ToolDefinitionBase<Record<string, unknown>, TResult> {
  parameters?: JSONSchema
}

export function tool<S extends z.ZodType, TResult>(definition: ZodToolDefinition<S, TResult>): FunctionTool<z.output<S>, TResult>
export function tool<TResult>(definition: JsonSchemaToolDefinition<TResult>): FunctionTool<Record<string, unknown>, TResult>
export function tool(definition: ZodToolDefinition<z.ZodType, unknown> | JsonSchemaToolDefinition<unknown>): FunctionTool<unknown, unknown> {
  if (typeof definition !== 'object' || definition === null) throw new ToolDefinitionError('tool() needs a definition object.')
  const { name, parameters } = definition
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
    throw new ToolDefinitionError(`Invalid tool name ${JSON.stringify(name)}: use 1-128 letters, digits, underscores, dots or hyphens.`)
  }
  if (isZodSchema(parameters)) {
    return new FunctionTool<unknown, unknown>({
      ...common(definition),
      inputSchema: zodToToolSchema(name, parameters),
      validateArguments: zodArgumentsValidator(parameters),
    })
  }
  return new FunctionTool<unknown, unknown>({ ...common(definition), inputSchema: objectJsonSchema(name, parameters) })
}

function common(definition: ToolDefinitionBase<never, unknown>) {
  return {
    name: definition.name,
    description: definition.description,
    approvalMode: definition.approvalMode,
    additionalProperties: definition.additionalProperties,
    execute: definition.execute as (args: unknown, options: FunctionInvocationOptions) => unknown,
  }
}

function objectJsonSchema(name: string, parameters: unknown): JSONSchema {
  if (parameters === undefined) return { type: 'object', properties: {} }
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
    throw new ToolDefinitionError(`Tool "${name}": parameters must be a zod schema or a JSON Schema object.`)
  }
  const schema = parameters as JSONSchema
  if (schema.type === undefined) return { type: 'object', properties: {}, ...schema }
  if (schema.type !== 'object') {
    throw new ToolDefinitionError(`Tool "${name}": the parameters schema must describe an object (type "object").`)
  }
  return schema
}
