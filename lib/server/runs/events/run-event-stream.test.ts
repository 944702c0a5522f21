import { describe, expect, it } from 'vitest'
import { resumePoint } from './run-event-stream'

const request = (lastEventId?: string) =>
  new Request('http://localhost/api/runs/x/events', { headers: lastEventId === undefined ? {} : { 'last-event-id': lastEventId } })

describe('resumePoint', () => {
  it('resumes after Last-Event-ID, else after ?after=, else from the start', () => {
    expect(resumePoint(request('12'), 3)).toBe(12)
    expect(resumePoint(request(), 3)).toBe(3)
    expect(resumePoint(request(), undefined)).toBe(0)
    expect(resumePoint(request('2147483647'), undefined)).toBe(2147483647)
  })

  // Sequences are int4: a larger id would make the event query fail. The browser sends the header
  // by itself on reconnect, so a bad one is ignored rather than refused.
  it.each(['2147483648', '1099511627776', '99999999999999999999', '-1', '1.5', 'abc', ''])('ignores Last-Event-ID %j', (header) => {
    expect(resumePoint(request(header), 5)).toBe(5)
  })
})
