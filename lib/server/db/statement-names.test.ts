import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { statementName } from './statement-names'

describe('statementName', () => {
  it('names a text the same however often it is built, from its hash (the same in every process)', () => {
    const build = (table: string) => `SELECT id FROM "${table}" WHERE id = $1`
    const name = statementName(build('Run'))
    expect(statementName(build('Run'))).toBe(name)
    expect(name).toBe(`al_${createHash('sha256').update(build('Run')).digest('base64url').slice(0, 24)}`)
  })

  it('tells apart texts of the same length', () => {
    const texts = ['SELECT 1 AS a', 'SELECT 2 AS a', 'SELECT 1 AS b']
    const names = texts.map(statementName)
    expect(new Set(names).size).toBe(3)
    expect(texts.map(statementName)).toEqual(names)
  })
})
