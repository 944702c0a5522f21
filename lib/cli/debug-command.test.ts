import { describe, expect, it } from 'vitest'
import { CliError } from './cli-io'
import { parseBreakpoint } from './debug-command'

describe('parseBreakpoint', () => {
  it('reads a node id, before by default, or with :before / :after', () => {
    expect(parseBreakpoint('writer')).toEqual({ nodeId: 'writer', when: 'before' })
    expect(parseBreakpoint('writer:after')).toEqual({ nodeId: 'writer', when: 'after' })
    expect(parseBreakpoint('writer:before')).toEqual({ nodeId: 'writer', when: 'before' })
    // A colon that does not say when is part of the id.
    expect(parseBreakpoint('ns:writer')).toEqual({ nodeId: 'ns:writer', when: 'before' })
  })

  it('refuses an empty node id as a usage error', () => {
    expect(() => parseBreakpoint('')).toThrow(CliError)
    expect(() => parseBreakpoint(':after')).toThrow(/give a node id/)
  })
})
