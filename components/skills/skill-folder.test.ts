import { describe, expect, it } from 'vitest'
import { skillFromFiles, type PickedFile } from './skill-folder'

const file = (path: string, text: string): PickedFile => ({ path, size: text.length, text: async () => text })

describe('a skill folder chosen in the browser', () => {
  it('takes the SKILL.md and the resources discovery would read, relative to the folder', async () => {
    const skill = await skillFromFiles([
      file('glossary/SKILL.md', '---\nname: glossary\n---'),
      file('glossary/terms.md', 'Loom'),
      file('glossary/references/style.txt', 'Short.'),
    ])
    expect(skill).toEqual({
      folder: 'glossary',
      content: '---\nname: glossary\n---',
      resources: [
        { name: 'references/style.txt', content: 'Short.' },
        { name: 'terms.md', content: 'Loom' },
      ],
      skipped: [],
    })
  })

  it('leaves out scripts, hidden files, other kinds and binary files, saying why', async () => {
    const skill = await skillFromFiles([
      file('tools/SKILL.md', 'x'),
      file('tools/scripts/run.mjs', 'code'),
      file('tools/.DS_Store', 'junk'),
      file('tools/picture.png', 'png'),
      file('tools/data.json', 'a\0b'),
    ])
    expect(skill.resources).toEqual([])
    expect(Object.fromEntries(skill.skipped.map((s) => [s.path, s.reason]))).toEqual({
      'scripts/run.mjs': expect.stringContaining('stored skills never run code'),
      '.DS_Store': expect.stringContaining('hidden'),
      'picture.png': expect.stringContaining('not a resource'),
      'data.json': 'not text.',
    })
  })

  it('accepts loose files (no folder), and says when there is no SKILL.md at the top', async () => {
    expect(await skillFromFiles([file('SKILL.md', 'x'), file('notes.md', 'n')])).toMatchObject({
      folder: undefined,
      content: 'x',
      resources: [{ name: 'notes.md' }],
    })
    const nested = await skillFromFiles([file('outer/inner/SKILL.md', 'x')])
    expect(nested.problem).toBe('There is no SKILL.md at the top of the chosen folder.')
    expect(nested.skipped).toEqual([{ path: 'inner/SKILL.md', reason: expect.stringContaining("another skill's SKILL.md") }])
  })
})
