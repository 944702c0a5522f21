import { describe, expect, it } from 'vitest'
import { InputFieldSchema } from '@/lib/graph/start-input'
import { draftChanged, draftOf, expectedValue, rowOf } from './dataset-draft'

const field = (name: string, type: 'string' | 'number' | 'boolean') => InputFieldSchema.parse({ name, type })

describe('dataset draft', () => {
  it('round-trips a text row, keeping its id', () => {
    const stored = { id: 'r1', input: 'hello', expected: 'hi', notes: 'greeting' }
    expect(rowOf(draftOf(stored), [])).toEqual(stored)
    expect(draftChanged([draftOf(stored)], [stored])).toBe(false)
  })

  it('types inputs by the declared fields and leaves empty ones out', () => {
    const fields = [field('city', 'string'), field('days', 'number'), field('rush', 'boolean')]
    const row = rowOf({ input: '', fields: { city: 'Oslo', days: '3', rush: '' }, expected: '', notes: '' }, fields)
    expect(row).toEqual({ input: { city: 'Oslo', days: 3 } })
  })

  it('keeps a half-typed number as text for the server to refuse in words', () => {
    expect(rowOf({ input: '', fields: { days: 'three' }, expected: '', notes: '' }, [field('days', 'number')]).input).toEqual({ days: 'three' })
  })

  it('reads expected JSON objects as JSON and anything else as text', () => {
    expect(expectedValue('{"a":1}')).toEqual({ a: 1 })
    expect(expectedValue('{not json')).toBe('{not json')
    expect(expectedValue('42')).toBe('42')
  })

  it('shows object inputs per field and notices a removed row', () => {
    const stored = { id: 'r1', input: { city: 'Oslo', days: 3 } }
    expect(draftOf(stored).fields).toEqual({ city: 'Oslo', days: '3' })
    expect(draftChanged([], [stored])).toBe(true)
  })
})
