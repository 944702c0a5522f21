import { describe, expect, it } from 'vitest'
import { dataPathOf, fieldProblemMessage } from './field-problem-message'

const message = 'nodes[2].data.model.temperature: Too big: expected number to be <=2'
const path = ['nodes', 2, 'data', 'model', 'temperature']

describe('fieldProblemMessage', () => {
  it('says a number range in words', () => {
    expect(fieldProblemMessage('Temperature', { message, path, requirement: { kind: 'maximum', of: 'number', limit: 2, inclusive: true } })).toBe(
      'Temperature must be at most 2.',
    )
    expect(fieldProblemMessage('Temperature', { message, requirement: { kind: 'minimum', of: 'number', limit: 0, inclusive: true } })).toBe(
      'Temperature must be at least 0.',
    )
    expect(fieldProblemMessage('Max tokens', { message, requirement: { kind: 'minimum', of: 'number', limit: 0, inclusive: false } })).toBe(
      'Max tokens must be more than 0.',
    )
    expect(fieldProblemMessage('Ratio', { message, requirement: { kind: 'maximum', of: 'number', limit: 1, inclusive: false } })).toBe(
      'Ratio must be less than 1.',
    )
  })

  it('says lengths and counts in characters and items', () => {
    expect(fieldProblemMessage('Name', { message, requirement: { kind: 'maximum', of: 'text', limit: 200, inclusive: true } })).toBe(
      'Name can be at most 200 characters long.',
    )
    expect(fieldProblemMessage('Name', { message, requirement: { kind: 'minimum', of: 'text', limit: 1, inclusive: true } })).toBe('Name cannot be empty.')
    expect(fieldProblemMessage('Skills', { message, requirement: { kind: 'maximum', of: 'list', limit: 1, inclusive: true } })).toBe(
      'Skills can have at most 1 item.',
    )
    expect(fieldProblemMessage('Participants', { message, requirement: { kind: 'minimum', of: 'list', limit: 1, inclusive: false } })).toBe(
      'Participants needs at least 2 items.',
    )
  })

  it('says which kind of value is expected', () => {
    expect(fieldProblemMessage('Max tokens', { message, requirement: { kind: 'type', expected: 'int' } })).toBe('Max tokens must be a whole number.')
    expect(fieldProblemMessage('When', { message, requirement: { kind: 'type', expected: 'date' } })).toBe('When must be of type date.')
  })

  it('falls back to the reason without the document path', () => {
    expect(fieldProblemMessage('Mode', { message: 'nodes[2].data.mode: Invalid option', path: ['nodes', 2, 'data', 'mode'] })).toBe('Mode: Invalid option')
    expect(fieldProblemMessage('Mode', { message: 'Something else' })).toBe('Mode: Something else')
  })
})

describe('dataPathOf', () => {
  it("gives the path inside a node's data a problem points at, and nothing for other problems", () => {
    expect(dataPathOf({ severity: 'error', code: 'invalid_schema', message, path })).toEqual(['model', 'temperature'])
    expect(dataPathOf({ severity: 'error', code: 'invalid_schema', message, path: ['nodes', 2, 'type'] })).toBeUndefined()
    expect(dataPathOf({ severity: 'error', code: 'invalid_schema', message, path: ['edges', 0, 'data', 'condition'] })).toBeUndefined()
    expect(dataPathOf({ severity: 'error', code: 'missing_name', message: 'An agent needs a name.' })).toBeUndefined()
  })
})
