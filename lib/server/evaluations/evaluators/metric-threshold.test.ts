import { describe, expect, it } from 'vitest'
import { evaluateMetricThreshold } from './metric-threshold'
import { refused, sampleOf, specOf } from './sample-fixture'

describe('metric_threshold', () => {
  it('passes within bounds', () => {
    expect(
      evaluateMetricThreshold(sampleOf({ metrics: { tokens: 50, latencyMs: 10 } }), specOf({ kind: 'metric_threshold', metric: 'tokens', max: 50 })).passed,
    ).toBe(true)
    expect(
      evaluateMetricThreshold(
        sampleOf({ metrics: { tokens: 1, latencyMs: 10, costUsd: 0.01 } }),
        specOf({ kind: 'metric_threshold', metric: 'costUsd', min: 0, max: 0.02 }),
      ).passed,
    ).toBe(true)
  })

  it('fails outside them, or when the metric is unknown', () => {
    expect(
      evaluateMetricThreshold(sampleOf({ metrics: { tokens: 51, latencyMs: 10 } }), specOf({ kind: 'metric_threshold', metric: 'tokens', max: 50 })),
    ).toMatchObject({
      passed: false,
      score: 0,
    })
    expect(evaluateMetricThreshold(sampleOf(), specOf({ kind: 'metric_threshold', metric: 'costUsd', max: 1 })).reason).toContain('no costUsd')
  })

  it('refuses a bad spec', () => {
    expect(refused({ kind: 'metric_threshold', metric: 'tokens' })).toBe(true)
    expect(refused({ kind: 'metric_threshold', metric: 'memory', max: 1 })).toBe(true)
  })
})
