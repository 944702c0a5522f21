/**
 * Two conversions of arbitrary workflow values:
 * - toJSONValue: lossy and total, for events that are persisted or streamed (never throws).
 * - encodeCheckpointValue / decodeCheckpointValue: reversible for the types the engine knows
 *   (Message, Date, Map, Set, undefined, Error and registered types), so that a checkpoint is plain
 *   JSON that another process can load and continue from.
 */
import { Message, type MessageJSON } from '../types'
import { WorkflowCheckpointError } from './errors'

export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue }

// ---------------------------------------------------------------------------------------------
// Lossy conversion for events

/** Returns a JSON-safe copy of any value: toJSON() is honoured, cycles and functions are dropped. */
export function toJSONValue(value: unknown): JSONValue {
  return convertForJSON(value, new Set())
}

// Cycle detection uses a short-lived Set: cheaper for the garbage collector than a WeakSet.
function convertForJSON(value: unknown, seen: Set<object>): JSONValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      return Number.isFinite(value) ? value : null
    case 'bigint':
      return value.toString()
    case 'undefined':
    case 'function':
    case 'symbol':
      return null
  }
  if (value === null) return null
  const object = value as object
  if (seen.has(object)) return '[Circular]'
  seen.add(object)
  try {
    if (object instanceof Error) return { name: object.name, message: object.message }
    if (typeof (object as { toJSON?: unknown }).toJSON === 'function') {
      return convertForJSON((object as { toJSON(): unknown }).toJSON(), seen)
    }
    if (Array.isArray(object)) return object.map((item) => convertForJSON(item, seen))
    if (object instanceof Map) return [...object.entries()].map(([k, v]) => [convertForJSON(k, seen), convertForJSON(v, seen)])
    if (object instanceof Set) return [...object].map((item) => convertForJSON(item, seen))
    const result: Record<string, JSONValue> = {}
    for (const [key, item] of Object.entries(object)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue
      result[key] = convertForJSON(item, seen)
    }
    return result
  } finally {
    seen.delete(object)
  }
}

// ---------------------------------------------------------------------------------------------
// Reversible encoding for checkpoints

const TYPE_KEY = '$type'

export interface CheckpointTypeCodec<T> {
  /** True for values this codec encodes. */
  is(value: unknown): value is T
  encode(value: T): JSONValue
  decode(json: JSONValue): T
}

const codecs = new Map<string, CheckpointTypeCodec<unknown>>()

/**
 * Registers a class so that it survives a checkpoint round trip with its prototype.
 * Unregistered class instances are stored through their toJSON() or own properties and come back
 * as plain objects.
 */
export function registerCheckpointType<T>(name: string, codec: CheckpointTypeCodec<T>): void {
  if (BUILTIN_TAGS.has(name)) throw new WorkflowCheckpointError(`'${name}' is a reserved checkpoint type name.`)
  codecs.set(name, codec as CheckpointTypeCodec<unknown>)
}

const BUILTIN_TAGS = new Set(['Message', 'Date', 'Map', 'Set', 'undefined', 'Error', 'bigint', 'object'])

function tagged(type: string, value: JSONValue): JSONValue {
  return { [TYPE_KEY]: type, value }
}

export function encodeCheckpointValue(value: unknown): JSONValue {
  // Most messages in flight are primitives; they need no cycle tracking.
  if (value === null || (typeof value !== 'object' && typeof value !== 'bigint' && typeof value !== 'undefined')) {
    return encodeValue(value, undefined, '$')
  }
  return encodeValue(value, new Set(), '$')
}

function encodeValue(value: unknown, seen: Set<object> | undefined, path: string): JSONValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      return Number.isFinite(value) ? value : null
    case 'bigint':
      return tagged('bigint', value.toString())
    case 'undefined':
      return tagged('undefined', null)
    case 'function':
    case 'symbol':
      throw new WorkflowCheckpointError(`Value at ${path} is a ${typeof value} and cannot be stored in a checkpoint.`)
  }
  if (value === null) return null
  const object = value as object
  seen ??= new Set()
  if (seen.has(object)) throw new WorkflowCheckpointError(`Value at ${path} contains a cycle and cannot be stored in a checkpoint.`)
  seen.add(object)
  try {
    return encodeObject(object, seen, path)
  } finally {
    seen.delete(object)
  }
}

function encodeObject(object: object, seen: Set<object>, path: string): JSONValue {
  if (Array.isArray(object)) return object.map((item, index) => encodeValue(item, seen, `${path}[${index}]`))
  if (object instanceof Message) return tagged('Message', encodeValue(object.toJSON(), seen, path))
  if (object instanceof Date) return tagged('Date', object.toISOString())
  if (object instanceof Map) {
    return tagged(
      'Map',
      [...object.entries()].map(([k, v], i) => [encodeValue(k, seen, `${path}<key ${i}>`), encodeValue(v, seen, `${path}<${i}>`)]),
    )
  }
  if (object instanceof Set)
    return tagged(
      'Set',
      [...object].map((item, i) => encodeValue(item, seen, `${path}<${i}>`)),
    )
  if (object instanceof Error) return tagged('Error', { name: object.name, message: object.message })
  for (const [name, codec] of codecs) if (codec.is(object)) return tagged(name, codec.encode(object))
  if (!isPlainObject(object) && typeof (object as { toJSON?: unknown }).toJSON === 'function') {
    return encodeValue((object as { toJSON(): unknown }).toJSON(), seen, path)
  }
  const result: Record<string, JSONValue> = {}
  for (const [key, item] of Object.entries(object)) {
    if (item === undefined) continue
    result[key] = encodeValue(item, seen, `${path}.${key}`)
  }
  // A user object that happens to carry our tag key is wrapped so decoding does not misread it.
  return TYPE_KEY in result ? tagged('object', result) : result
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

export function decodeCheckpointValue(json: JSONValue): unknown {
  if (json === null || typeof json !== 'object') return json
  if (Array.isArray(json)) return json.map(decodeCheckpointValue)
  const type = json[TYPE_KEY]
  if (typeof type === 'string' && 'value' in json) return decodeTagged(type, json.value)
  const result: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(json)) result[key] = decodeCheckpointValue(item)
  return result
}

function decodeTagged(type: string, value: JSONValue): unknown {
  switch (type) {
    case 'undefined':
      return undefined
    case 'bigint':
      return BigInt(value as string)
    case 'Message':
      return Message.fromJSON(decodeCheckpointValue(value) as MessageJSON)
    case 'Date':
      return new Date(value as string)
    case 'Map':
      return new Map((value as JSONValue[][]).map(([k, v]) => [decodeCheckpointValue(k), decodeCheckpointValue(v)]))
    case 'Set':
      return new Set((value as JSONValue[]).map(decodeCheckpointValue))
    case 'Error': {
      const { name, message } = value as { name: string; message: string }
      const error = new Error(message)
      error.name = name
      return error
    }
    case 'object': {
      const result: Record<string, unknown> = {}
      for (const [key, item] of Object.entries(value as Record<string, JSONValue>)) result[key] = decodeCheckpointValue(item)
      return result
    }
  }
  const codec = codecs.get(type)
  if (!codec) throw new WorkflowCheckpointError(`Checkpoint contains a value of unregistered type '${type}'.`)
  return codec.decode(value)
}
