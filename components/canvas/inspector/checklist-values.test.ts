import { describe, expect, it } from 'vitest'
import { toggledValue, unknownValues } from './checklist-values'

const offered = [
  { value: 'files', name: 'Files', detail: '' },
  { value: 'search', name: 'Search', detail: '' },
]

describe('a checklist field', () => {
  it('adds a ticked name at the end and removes an unticked one, keeping the others in order', () => {
    expect(toggledValue(['files'], 'search', true)).toEqual(['files', 'search'])
    expect(toggledValue(['files', 'search', 'old'], 'search', false)).toEqual(['files', 'old'])
  })

  it('never lists a name twice', () => {
    expect(toggledValue(['files', 'search'], 'files', true)).toEqual(['search', 'files'])
  })

  it('keeps checked names the server no longer offers, so they can be unticked', () => {
    expect(unknownValues(['old', 'files', 'gone'], offered)).toEqual(['old', 'gone'])
    expect(unknownValues(['files'], offered)).toEqual([])
    expect(unknownValues(['files'], [])).toEqual(['files'])
  })
})
