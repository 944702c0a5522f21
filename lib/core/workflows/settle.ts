/**
 * Waits for every promise, then rethrows the first failure. Unlike Promise.all it never leaves
 * siblings running after a failure, so a failed superstep is fully finished before the run reports.
 */
export async function settleAll(promises: Array<Promise<unknown>>): Promise<void> {
  const results = await Promise.allSettled(promises)
  for (const result of results) if (result.status === 'rejected') throw result.reason
}
