/**
 * The database could not be opened at start (the embedded server could not start, DATABASE_URL answers nothing…):
 * the reason is a sentence written for the person at the terminal, so it is said alone, without a stack, and the
 * server ends rather than answering every request with an error. A module of its own so that instrumentation.ts,
 * which Next also compiles for the edge runtime, loads it only in Node.
 */
export function endBecauseDatabaseUnavailable(error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error)
  process.stderr.write(`\n✗ Agentloom cannot open its database: ${reason}\n`)
  process.exit(1)
}
