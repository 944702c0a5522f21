import { describe, expect, it } from 'vitest'
import { DEFAULT_WORKER_CONCURRENCY, workerConcurrencyFromEnv } from './worker-host'

function warnings(): { warn: (message: string) => void; lines: string[] } {
  const lines: string[] = []
  return { warn: (message) => lines.push(message), lines }
}

describe('workerConcurrencyFromEnv', () => {
  it('takes a positive whole number, and defaults quietly when unset', () => {
    const logger = warnings()
    expect(workerConcurrencyFromEnv({ AGENTLOOM_WORKER_CONCURRENCY: '2' }, logger)).toBe(2)
    expect(workerConcurrencyFromEnv({}, logger)).toBe(DEFAULT_WORKER_CONCURRENCY)
    expect(workerConcurrencyFromEnv({ AGENTLOOM_WORKER_CONCURRENCY: ' ' }, logger)).toBe(DEFAULT_WORKER_CONCURRENCY)
    expect(logger.lines).toEqual([])
  })

  // A NaN concurrency made `active.size < concurrency` false forever: the worker never claimed a run.
  it.each(['four', '0', '-1', '2.5', '1e99'])('warns about %j and uses the default', (value) => {
    const logger = warnings()
    expect(workerConcurrencyFromEnv({ AGENTLOOM_WORKER_CONCURRENCY: value }, logger)).toBe(DEFAULT_WORKER_CONCURRENCY)
    expect(logger.lines).toEqual([
      `[worker] AGENTLOOM_WORKER_CONCURRENCY must be a positive whole number, not '${value}'; using ${DEFAULT_WORKER_CONCURRENCY}.`,
    ])
  })
})
