import { ToolExecutionException } from '../errors'

/**
 * `_meta` key rules of the MCP spec: an optional reverse-DNS-like prefix of labels ending in `/`,
 * then a name that starts and ends with an alphanumeric character.
 */
const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?'
const NAME = '[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9])?'
const META_KEY = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*/)?${NAME}$`)

export type MCPMeta = Record<string, unknown>

export function isValidMetaKey(key: string): boolean {
  return META_KEY.test(key)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** Validates request metadata; `undefined`/`null` mean "none". Returns the same object (never mutated). */
export function validateMcpMeta(meta: unknown): MCPMeta | undefined {
  if (meta === undefined || meta === null) return undefined
  if (!isPlainObject(meta)) throw new ToolExecutionException('MCP tool metadata provided via _meta must be a dict.')
  if (Object.getOwnPropertySymbols(meta).length > 0) {
    throw new ToolExecutionException('MCP tool metadata provided via _meta must use string keys.')
  }
  for (const key of Object.keys(meta)) {
    if (!META_KEY.test(key)) throw new ToolExecutionException(`Invalid MCP _meta key name: '${key}'.`)
  }
  return meta
}
