import { describe, expect, it } from 'vitest'
import { TEXT_DIFF_LIMIT, textChanges } from './text-diff'

describe('textChanges', () => {
  it('compares one-line texts word by word', () => {
    expect(textChanges('Demo reply: apples', 'Demo reply: pears')).toEqual([
      { kind: 'same', text: 'Demo reply: ' },
      { kind: 'removed', text: 'apples' },
      { kind: 'added', text: 'pears' },
    ])
  })

  it('compares texts of several lines line by line, keeping the lines both share', () => {
    expect(textChanges('one\ntwo\nthree\n', 'one\n2\nthree\n')).toEqual([
      { kind: 'same', text: 'one\n' },
      { kind: 'removed', text: 'two\n' },
      { kind: 'added', text: '2\n' },
      { kind: 'same', text: 'three\n' },
    ])
  })

  it('gives up past the limit instead of stalling the page', () => {
    expect(textChanges('a'.repeat(TEXT_DIFF_LIMIT + 1), 'b')).toBeUndefined()
    expect(textChanges('same', 'same')).toEqual([{ kind: 'same', text: 'same' }])
  })
})
