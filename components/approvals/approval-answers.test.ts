import { describe, expect, it } from 'vitest'
import { denyAnswer, elicitationAnswer, humanInputAnswer, samplingAnswer } from './approval-answers'
import { schemaToFields } from './elicitation-schema'

describe('the answers an approval card sends', () => {
  it('approves a sampling request with maxTokens only when the person lowered the cap', () => {
    const bounds = { max: 800, limitedBy: 'request' } as const
    expect(samplingAnswer('800', bounds)).toEqual({ ok: true, answer: { decision: 'approve' } })
    expect(samplingAnswer(' 200 ', bounds)).toEqual({ ok: true, answer: { decision: 'approve', maxTokens: 200 } })
    expect(samplingAnswer('900', bounds)).toEqual({ ok: false, capError: 'At most 800 tokens.' })
    expect(samplingAnswer('lots', bounds)).toEqual({ ok: false, capError: 'Enter a whole number of tokens.' })
    // A request that names no limit has no cap to lower: whatever the (hidden) input holds, it is a plain approval.
    expect(samplingAnswer('', null)).toEqual({ ok: true, answer: { decision: 'approve' } })
  })

  it('asks for the rest of the run’s requests from the server to be approved when the person ticks it', () => {
    const bounds = { max: 800, limitedBy: 'request' } as const
    expect(samplingAnswer('800', bounds, true)).toEqual({ ok: true, answer: { decision: 'approve', approveRestOfRun: true } })
    expect(samplingAnswer('100', bounds, true)).toEqual({ ok: true, answer: { decision: 'approve', approveRestOfRun: true, maxTokens: 100 } })
    expect(samplingAnswer('', null, true)).toEqual({ ok: true, answer: { decision: 'approve', approveRestOfRun: true } })
  })

  it('sends a written reply, trimmed, and refuses an empty one', () => {
    expect(humanInputAnswer('  Ship it.\n')).toEqual({ ok: true, answer: { decision: 'approve', content: { text: 'Ship it.' } } })
    expect(humanInputAnswer(' \n ')).toEqual({ ok: false, error: 'Write an answer first.' })
  })

  it("sends an elicitation's values, or the errors of the fields that need fixing", () => {
    const fields = schemaToFields({ type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name'] })
    expect(elicitationAnswer(fields, { name: 'Ada', age: '36' })).toEqual({ ok: true, answer: { decision: 'approve', content: { name: 'Ada', age: 36 } } })
    expect(elicitationAnswer(fields, { name: '', age: '' })).toEqual({ ok: false, errors: { name: 'Required.' } })
  })

  it('denies with the reason when there is one', () => {
    expect(denyAnswer('  not this server ')).toEqual({ decision: 'deny', reason: 'not this server' })
    expect(denyAnswer('   ')).toEqual({ decision: 'deny' })
  })
})
