import { describe, expect, it } from 'vitest'
import { readRunsFilter, runsFilterHref } from './runs-filter'

describe('runs filter in the URL', () => {
  it('reads a known status and a workflow, and ignores the rest', () => {
    expect(readRunsFilter({ status: 'failed', workflowId: 'w1' })).toEqual({ status: 'failed', workflowId: 'w1' })
    expect(readRunsFilter({ status: 'finished' })).toEqual({})
    expect(readRunsFilter({ status: ['failed', 'queued'], workflowId: '' })).toEqual({})
  })

  it('writes the same filter back', () => {
    expect(runsFilterHref({})).toBe('/runs')
    expect(runsFilterHref({ status: 'waiting' })).toBe('/runs?status=waiting')
    const href = runsFilterHref({ workflowId: 'w 1', status: 'cancelled', trigger: 'webhook' })
    expect(readRunsFilter(Object.fromEntries(new URL(href, 'http://x').searchParams))).toEqual({ workflowId: 'w 1', status: 'cancelled', trigger: 'webhook' })
    expect(readRunsFilter({ trigger: 'cron' })).toEqual({})
  })
})
