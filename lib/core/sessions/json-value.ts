/** Deep conversion to plain JSON data: objects with a toJSON method (Message, responses) are asked for theirs. */
export function toJSONValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  const withToJSON = value as { toJSON?: () => unknown }
  if (typeof withToJSON.toJSON === 'function') return toJSONValue(withToJSON.toJSON())
  if (Array.isArray(value)) return value.map(toJSONValue)
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = toJSONValue(item)
  return out
}
