/** The skill library of the running app: its database plus the skills directories of the environment. */
import type { AppContext } from '../app-context'
import { skillDirectoriesFromEnv } from './file-skills'
import { SkillLibrary } from './skill-library'

/**
 * One library per app: it keeps nothing between calls but its settings (its database, the directories the environment
 * named at the first call, a script runner with the environment scrubbed once), and every request and run asks for it.
 */
const libraries = new WeakMap<AppContext, SkillLibrary>()

export function skillLibrary(app: AppContext): SkillLibrary {
  let library = libraries.get(app)
  if (!library) {
    library = new SkillLibrary({ prisma: app.db.prisma, directories: skillDirectoriesFromEnv(process.env) })
    libraries.set(app, library)
  }
  return library
}
