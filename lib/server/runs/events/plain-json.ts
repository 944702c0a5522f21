/**
 * A value as JSON would carry it, copied in one walk: what `JSON.parse(JSON.stringify(value))` gives, without writing
 * the text and reading it back. A workflow event becomes a run event this way (workflow-events.ts), about thirty times
 * a run; its stored text is written once, later. An Error becomes `{ message, name }` (JSON would give `{}`).
 *
 * JSON's rules, kept: `toJSON` is called first (a Date becomes its ISO text), then an Error is replaced; own
 * enumerable string keys only; `undefined`, functions and symbols are left out of objects and become null in arrays;
 * non-finite numbers become null and -0 becomes 0; boxed primitives are unboxed; a bigint or a cycle throws the
 * TypeError JSON throws.
 */
export function plainJsonCopy(value: unknown): unknown {
  return copy(value, '', new Set())
}

function copy(value: unknown, key: string, ancestors: Set<object>): unknown {
  if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON
    if (typeof toJSON === 'function') value = toJSON.call(value, key) as unknown
  }
  if (value instanceof Error) value = { message: value.message, name: value.name }
  if (value instanceof Number || value instanceof String || value instanceof Boolean) value = value.valueOf()
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      return Number.isFinite(value) ? value + 0 : null
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt')
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined
  }
  if (value === null) return null
  const object = value as object
  if (ancestors.has(object)) throw new TypeError('Converting circular structure to JSON')
  ancestors.add(object)
  try {
    if (Array.isArray(object)) {
      const items: unknown[] = new Array(object.length)
      // A hole, like undefined, is null.
      for (let index = 0; index < object.length; index++) items[index] = copy(object[index], String(index), ancestors) ?? null
      return items
    }
    const result: Record<string, unknown> = {}
    for (const name of Object.keys(object)) {
      const inner = copy((object as Record<string, unknown>)[name], name, ancestors)
      if (inner === undefined) continue
      // An own `__proto__` key stays a key, as JSON.parse makes it, not the object's prototype.
      if (name === '__proto__') Object.defineProperty(result, name, { value: inner, enumerable: true, writable: true, configurable: true })
      else result[name] = inner
    }
    return result
  } finally {
    ancestors.delete(object)
  }
}
