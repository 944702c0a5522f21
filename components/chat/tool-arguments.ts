/** A tool call's arguments as stored or streamed (JSON text, usually) as a value to show. */
export function parsedArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {}
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}
