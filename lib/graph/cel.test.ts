import { describe, expect, it } from 'vitest'
import { Message } from '@/lib/core/browser'
import { checkExpression, compileCondition, compileExpression } from './cel'
import { ExpressionError } from './errors'

describe('CEL over `input`', () => {
  it('checks syntax without evaluating', () => {
    expect(checkExpression('input.contains("x")')).toEqual({ ok: true })
    expect(checkExpression('input +')).toEqual({ ok: false, message: 'Unexpected token: EOF' })
    expect(checkExpression('   ')).toEqual({ ok: false, message: 'The expression is empty.' })
  })

  it('rejects variables other than input', () => {
    const result = checkExpression('process.env')
    expect(result.ok).toBe(false)
  })

  it('evaluates conditions over strings and objects', () => {
    expect(compileCondition('input.contains("urgent")')('this is urgent')).toBe(true)
    expect(compileCondition('input.score >= 0.5')({ score: 0.7 })).toBe(true)
    expect(compileCondition('input.count > 3')({ count: 2 })).toBe(false)
    expect(compileCondition('has(input.email)')({ name: 'x' })).toBe(false)
  })

  it('exposes a conversation as a list of role/text maps', () => {
    const conversation = [new Message({ role: 'user', text: 'hi' }), new Message({ role: 'assistant', text: 'hello', authorName: 'bot' })]
    expect(compileExpression('input[size(input) - 1].text').evaluate(conversation)).toBe('hello')
    expect(compileCondition('input.exists(m, m.role == "assistant")')(conversation)).toBe(true)
  })

  it('returns plain JSON values from transforms', () => {
    expect(compileExpression('{"summary": input, "length": size(input)}').evaluate('abc')).toEqual({ summary: 'abc', length: 3 })
    expect(compileExpression('[1, 2].map(x, x * 2)').evaluate(null)).toEqual([2, 4])
  })

  it('raises ExpressionError for non-bool conditions and runtime errors', () => {
    expect(() => compileCondition('input')('text')).toThrow(ExpressionError)
    expect(() => compileCondition('input')('text')).toThrow(/must evaluate to a bool, got string "text"/)
    expect(() => compileExpression('input.missing').evaluate({})).toThrow(/No such key: missing/)
    expect(() => compileExpression('input +')).toThrow(ExpressionError)
  })
})
