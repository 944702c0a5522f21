/**
 * Handlers in TypeScript cannot be chosen by annotated parameter types as in the reference
 * framework, so an executor declares what it accepts with a guard: a predicate or anything with
 * zod's `safeParse`. No guard means "accepts everything".
 */
export type MessagePredicate = (value: unknown) => boolean
export interface SafeParseSchema {
  safeParse(value: unknown): { success: boolean }
}
export type MessageGuard = MessagePredicate | SafeParseSchema

export function guardAccepts(guard: MessageGuard | undefined, value: unknown): boolean {
  if (guard === undefined) return true
  return typeof guard === 'function' ? guard(value) : guard.safeParse(value).success
}

export const isString: MessagePredicate = (value) => typeof value === 'string'
