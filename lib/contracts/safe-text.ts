/**
 * Input rules that exist because of Postgres, not because of the domain: text columns and jsonb
 * cannot hold NUL (U+0000), jsonb rejects unpaired UTF-16 surrogates (`"\ud83d"` alone), and an
 * `integer` column ends at 2^31-1. A client that sends any of these would otherwise meet the
 * database's error — a 500 — instead of a 400 naming the field.
 *
 *   name: safeText().trim().min(1).max(200)          // strings
 *   content: safeJson(z.record(z.string(), z.unknown()))   // strings anywhere inside, keys too
 *   version: pgInt.optional()                        // a positive int4
 */
import { z } from 'zod'

/** The largest value of a Postgres `integer`. */
export const PG_INT_MAX = 2_147_483_647

export const NUL_MESSAGE = 'must not contain NUL characters.'
export const SURROGATE_MESSAGE = 'must be valid Unicode text (no unpaired surrogate characters).'

// In unicode mode a paired surrogate is one code point, so \p{Cs} matches only unpaired halves:
// the same test as String.prototype.isWellFormed (ES2024, newer than this project's `lib`).
const UNPAIRED_SURROGATE = /\p{Cs}/u

/** Why `value` cannot be stored as text, or undefined when it can. */
export function unsafeTextProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return NUL_MESSAGE
  if (UNPAIRED_SURROGATE.test(value)) return SURROGATE_MESSAGE
  return undefined
}

/** A string Postgres can store: no NUL, no unpaired surrogate. Chain `.trim().min().max()` as usual. */
export function safeText() {
  return z.string().superRefine((value, context) => {
    const problem = unsafeTextProblem(value)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  })
}

/** Where in a JSON value (a string, or an object key) something cannot be stored, with why. */
export interface UnsafeJsonString {
  path: (string | number)[]
  message: string
}

/** A value met on the walk, with the way back up to the root (paths are built only when needed). */
interface Visit {
  value: unknown
  key?: string | number
  parent?: Visit
}

function pathOf(visit: Visit | undefined): (string | number)[] {
  const path: (string | number)[] = []
  for (let at = visit; at?.parent; at = at.parent) path.push(at.key as string | number)
  return path.reverse()
}

/**
 * The first string or object key inside `value` that cannot be stored. Walks with an explicit
 * stack and parent links, so a deeply nested body costs linear time and no call stack.
 */
export function findUnsafeJsonString(value: unknown): UnsafeJsonString | undefined {
  const stack: Visit[] = [{ value }]
  while (stack.length > 0) {
    const visit = stack.pop() as Visit
    const current = visit.value
    if (typeof current === 'string') {
      const problem = unsafeTextProblem(current)
      if (problem) return { path: pathOf(visit), message: problem }
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push({ value: current[index], key: index, parent: visit })
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, inner] of Object.entries(current).reverse()) {
        const problem = unsafeTextProblem(key)
        // The key itself is left out of the path: it is the part that cannot be shown or stored.
        if (problem) return { path: pathOf(visit), message: `A key ${problem}` }
        stack.push({ value: inner, key, parent: visit })
      }
    }
  }
  return undefined
}

/** `schema`, refined so that no string (or key) anywhere inside the value holds NUL or an unpaired surrogate. */
export function safeJson<S extends z.ZodType>(schema: S) {
  return schema.superRefine((value, context) => {
    const unsafe = findUnsafeJsonString(value)
    if (unsafe) context.addIssue({ code: 'custom', path: unsafe.path, message: unsafe.message })
  })
}

/** A positive Postgres `integer` (a version number, an id sequence). */
export const pgInt = z.number().int().positive().max(PG_INT_MAX)

/** The same, from a path segment or query-string value. */
export const pgIntParam = z.coerce.number().int().positive().max(PG_INT_MAX)
