import { describe, expect, it } from 'vitest'
import { SKILL_RESOURCE_EXTENSIONS, SKILL_SCRIPT_EXTENSIONS } from '@/lib/contracts/skill-checks'
import { DEFAULT_RESOURCE_EXTENSIONS, DEFAULT_SCRIPT_EXTENSIONS } from '@/lib/core'
import { checkSkill } from './skill-check'

const free = async () => undefined

describe('checkSkill', () => {
  it('reads resources and scripts as discovery does', () => {
    expect(SKILL_RESOURCE_EXTENSIONS).toEqual(DEFAULT_RESOURCE_EXTENSIONS)
    expect(SKILL_SCRIPT_EXTENSIONS).toEqual(DEFAULT_SCRIPT_EXTENSIONS)
  })

  it('reports an over-long or empty SKILL.md and duplicate resource names at their fields', async () => {
    expect((await checkSkill({ content: '' }, free)).problems).toEqual([{ field: 'content', message: 'The SKILL.md text is empty.' }])
    const duplicate = await checkSkill(
      {
        content: '---\nname: dup\ndescription: d\n---\n',
        resources: [
          { name: 'a.md', content: '' },
          { name: 'A.md', content: '' },
        ],
      },
      free,
    )
    expect(duplicate.problems).toEqual([{ field: 'resources.1.name', message: "Two resources are named 'A.md'." }])
  })

  it('asks whether the name is taken only when it is not the skill being edited', async () => {
    const asked: string[] = []
    const taken = async (name: string) => {
      asked.push(name)
      return 'taken'
    }
    await checkSkill({ content: '---\nname: same\ndescription: d\n---\n', current: 'same' }, taken)
    expect(asked).toEqual([])
    expect((await checkSkill({ content: '---\nname: other\ndescription: d\n---\n', current: 'same' }, taken)).problems).toEqual([
      { field: 'content', rule: 'name_taken', message: 'taken' },
    ])
  })
})
