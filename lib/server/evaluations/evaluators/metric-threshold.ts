/** `metric_threshold`: the run's tokens, latency or cost stays within bounds. */
import type { SpecOf } from '@/lib/contracts/evaluators'
import { verdict, type EvaluatorResult, type Sample } from './sample'

export function evaluateMetricThreshold(sample: Sample, spec: SpecOf<'metric_threshold'>): EvaluatorResult {
  const value = sample.metrics[spec.metric]
  if (value === undefined) return verdict(false, `The run reported no ${spec.metric}.`)
  if (spec.max !== undefined && value > spec.max) return verdict(false, `${spec.metric} ${value} is above ${spec.max}.`)
  if (spec.min !== undefined && value < spec.min) return verdict(false, `${spec.metric} ${value} is below ${spec.min}.`)
  return verdict(true, `${spec.metric} ${value} is within bounds.`)
}
