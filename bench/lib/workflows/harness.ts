/**
 * The workflow shapes every framework builds, and what a framework's adapter provides. Each node does
 * the same trivial work (add 1 / report a value) so the measurement is the engine's cost per node.
 *
 * - chain(size): `size` nodes in a line; the value starts at 0 and every node adds 1, so the output
 *   is `size`.
 * - fanOutIn(width): a start node, `width` parallel workers and a join node that waits for all of
 *   them (1 + width + 1 nodes); the output is `width`, the number of results the join received.
 */
export interface WorkflowHarness {
  /** Key for --only and --worker. */
  key: string
  /** Builds the chain once; the returned function runs it once (and checks the output). */
  chain(size: number): Promise<() => Promise<void>>
  /** Builds the fan-out/fan-in once; the returned function runs it once (and checks the output). */
  fanOutIn(width: number): Promise<() => Promise<void>>
}

export function expectOutput(framework: string, actual: unknown, expected: number): void {
  if (actual !== expected) throw new Error(`${framework}: expected the output ${expected}, got ${JSON.stringify(actual)}.`)
}
