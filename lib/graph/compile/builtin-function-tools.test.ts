import { describe, expect, it } from 'vitest'
import { builtinFunctionTool, listBuiltinFunctionTools } from './builtin-function-tools'

const run = (name: string, args: Record<string, unknown>) => builtinFunctionTool(name)!.invoke(args as never)

describe('built-in function tools', () => {
  it('lists each tool with a description', () => {
    expect(listBuiltinFunctionTools().map((t) => t.name)).toEqual(['current_time', 'calculate', 'word_count'])
    for (const t of listBuiltinFunctionTools()) expect(t.description.length).toBeGreaterThan(10)
    expect(builtinFunctionTool('nope')).toBeUndefined()
  })

  it('calculates with CEL, not with JavaScript', async () => {
    expect(await run('calculate', { expression: '(17.5 * 4.0) / 2.0' })).toBe(35)
    expect(await run('calculate', { expression: '2 + 2' })).toBe(4)
    await expect(run('calculate', { expression: 'process.exit(1)' })).rejects.toThrow()
    await expect(run('calculate', { expression: '"text"' })).rejects.toThrow(/must produce a number/)
  })

  it('tells the time in a zone and refuses an unknown zone', async () => {
    expect(await run('current_time', { timeZone: 'Asia/Tokyo' })).toMatchObject({ timeZone: 'Asia/Tokyo' })
    await expect(run('current_time', { timeZone: 'Mars/Olympus' })).rejects.toThrow(/Unknown time zone/)
  })

  it('counts words and characters', async () => {
    expect(await run('word_count', { text: ' one  two\nthree ' })).toEqual({ words: 3, characters: 16 })
  })
})
