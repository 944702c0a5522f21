import { describe, expect, it } from 'vitest'
import { InputFieldSchema } from '@/lib/graph/start-input'
import { emptyRunFormValues, runInputFromForm } from './run-input-values'

const fields = [
  InputFieldSchema.parse({ name: 'topic' }),
  InputFieldSchema.parse({ name: 'count', type: 'integer' }),
  InputFieldSchema.parse({ name: 'ratio', type: 'number', required: false }),
  InputFieldSchema.parse({ name: 'draft', type: 'boolean' }),
]

describe('runInputFromForm', () => {
  it('starts empty, with unchecked boxes', () => {
    expect(emptyRunFormValues(fields)).toEqual({ topic: '', count: '', ratio: '', draft: false })
  })

  it('reads numbers, leaves blank entries out and keeps text that is not a number for the check to name', () => {
    expect(runInputFromForm(fields, { topic: 'bees', count: '3', ratio: ' ', draft: true })).toEqual({ topic: 'bees', count: 3, draft: true })
    expect(runInputFromForm(fields, { topic: '', count: 'many', ratio: '0.5', draft: false })).toEqual({ count: 'many', ratio: 0.5, draft: false })
  })
})
