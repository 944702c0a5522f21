import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { problemsFromZodIssues } from './problems'

const schema = z.object({
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().positive().optional(),
  name: z.string().min(1).max(3).optional(),
  tags: z.array(z.string()).max(1).optional(),
  mode: z.enum(['a', 'b']).optional(),
})
const requirements = (input: unknown) => problemsFromZodIssues(schema.safeParse(input).error!.issues, input).map((problem) => problem.requirement)

describe('problemsFromZodIssues', () => {
  it('says what a bound asks of the value: a range, a length, a number of items', () => {
    expect(requirements({ temperature: 3 })).toEqual([{ kind: 'maximum', of: 'number', limit: 2, inclusive: true }])
    expect(requirements({ maxTokens: 0 })).toEqual([{ kind: 'minimum', of: 'number', limit: 0, inclusive: false }])
    expect(requirements({ name: 'abcd', tags: ['a', 'b'] })).toEqual([
      { kind: 'maximum', of: 'text', limit: 3, inclusive: true },
      { kind: 'maximum', of: 'list', limit: 1, inclusive: true },
    ])
  })

  it('says which type was expected, and nothing for other problems', () => {
    expect(requirements({ maxTokens: 1.5 })).toEqual([{ kind: 'type', expected: 'int' }])
    expect(requirements({ mode: 'c' })).toEqual([undefined])
  })

  it('keeps the path and the message for tools that show the whole document', () => {
    const [problem] = problemsFromZodIssues(schema.safeParse({ temperature: 3 }).error!.issues, {})
    expect(problem).toMatchObject({ code: 'invalid_schema', path: ['temperature'], message: 'temperature: Too big: expected number to be <=2' })
  })
})
