/**
 * Caps for contract values whose keys the client chooses (records, free-form objects): zod's
 * `.max()` covers strings and arrays, and this covers the number of keys, so that no request can
 * make a service walk or store an unbounded object.
 */
import { z } from 'zod'

/** The default cap on the keys of a client-chosen object. */
export const MAX_OBJECT_KEYS = 200

/** `schema` (an object-valued schema), refined to at most `max` keys. */
export function atMostKeys<S extends z.ZodType<Record<string, unknown>>>(schema: S, max = MAX_OBJECT_KEYS) {
  return schema.refine((value) => Object.keys(value).length <= max, `At most ${max} entries.`)
}
