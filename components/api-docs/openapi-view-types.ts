/**
 * The parts of an OpenAPI 3.1 document the API reference page reads: a plain JSON view, so that the
 * components need nothing of the server that generated it.
 */
export type JsonSchemaView = {
  $ref?: string
  type?: string | string[]
  description?: string
  properties?: Record<string, JsonSchemaView>
  required?: string[]
  items?: JsonSchemaView
  additionalProperties?: boolean | JsonSchemaView
  anyOf?: JsonSchemaView[]
  oneOf?: JsonSchemaView[]
  allOf?: JsonSchemaView[]
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  minLength?: number
  maxLength?: number
  maxItems?: number
  default?: unknown
}

export interface ResponseView {
  $ref?: string
  description?: string
  content?: Record<string, { schema?: JsonSchemaView }>
}

export interface OperationView {
  operationId?: string
  summary?: string
  tags?: string[]
  security?: unknown[]
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: JsonSchemaView }>
  requestBody?: { content?: Record<string, { schema?: JsonSchemaView }> }
  responses?: Record<string, ResponseView>
}

export interface OpenApiView {
  openapi: string
  info: { title: string; version: string; description?: string }
  tags?: Array<{ name: string; description?: string }>
  paths?: Record<string, Record<string, OperationView>>
  components?: { schemas?: Record<string, JsonSchemaView>; responses?: Record<string, ResponseView> }
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** `#/components/schemas/RunSummary` → `RunSummary`. */
export function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1)
}
