/** The skill library of the running app: its database plus the skills directories of the environment. */
import type { AppContext } from '../app-context'
import { skillDirectoriesFromEnv } from './file-skills'
import { SkillLibrary } from './skill-library'

export function skillLibrary(app: AppContext, env: Readonly<Record<string, string | undefined>> = process.env): SkillLibrary {
  return new SkillLibrary({ prisma: app.db.prisma, directories: skillDirectoriesFromEnv(env) })
}
