/**
 * A skill folder chosen in the browser (`<input webkitdirectory>`, or several files) turned into
 * what a stored skill holds: its SKILL.md and its resources, by the rules discovery applies on
 * disk. Paths stay inside the folder (relative, no hidden or `..` segments); scripts are left out,
 * because a stored skill never runs code; anything discovery would not read is left out with why.
 */
import { SKILL_RESOURCE_EXTENSIONS, SKILL_SCRIPT_EXTENSIONS } from '@/lib/contracts/skill-checks'
import { MAX_RESOURCE_CONTENT_LENGTH } from '@/lib/contracts/skills'
import type { ResourceRow } from './skill-form'

export interface PickedFile {
  /** The path within the chosen folder (`webkitRelativePath`), or the file's name. */
  path: string
  size: number
  /** Reads the text; called only for files that are kept. */
  text: () => Promise<string>
}

export interface SkippedFile {
  path: string
  reason: string
}

export interface FolderSkill {
  /** The chosen folder's name, when a folder was chosen: on disk, the skill's name must be it. */
  folder?: string
  content?: string
  resources: ResourceRow[]
  skipped: SkippedFile[]
  /** Why there is nothing to import. */
  problem?: string
}

function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

/** Why a file is not a resource, or undefined when it is one. */
function skipReason(path: string, size: number): string | undefined {
  const segments = path.split('/')
  if (segments.some((segment) => segment === '' || segment === '..' || segment.startsWith('.'))) return 'a hidden file or a path leaving the folder.'
  if (segments.at(-1) === 'SKILL.md') return "another skill's SKILL.md: a skill's own is the one at the top of its folder."
  const extension = extensionOf(path)
  if (SKILL_SCRIPT_EXTENSIONS.includes(extension)) return 'a script: stored skills never run code (scripts belong in a skills directory on the server).'
  if (!SKILL_RESOURCE_EXTENSIONS.includes(extension)) return `not a resource (resources are ${SKILL_RESOURCE_EXTENSIONS.join(' ')} files).`
  if (size > MAX_RESOURCE_CONTENT_LENGTH) return `larger than ${MAX_RESOURCE_CONTENT_LENGTH} characters.`
  return undefined
}

/** The folder's name when every path starts with the same one (a folder was chosen), and the paths within it. */
function withinFolder(files: readonly PickedFile[]): { folder?: string; paths: string[] } {
  const paths = files.map((file) => file.path.replace(/\\/g, '/').replace(/^\/+/, ''))
  const first = paths[0]?.split('/')[0]
  const inOne = first !== undefined && paths.every((path) => path.includes('/') && path.split('/')[0] === first)
  return inOne ? { folder: first, paths: paths.map((path) => path.slice(first.length + 1)) } : { paths }
}

export async function skillFromFiles(files: readonly PickedFile[]): Promise<FolderSkill> {
  const { folder, paths } = withinFolder(files)
  const result: FolderSkill = { folder, resources: [], skipped: [] }
  for (const [index, file] of files.entries()) {
    const path = paths[index]
    if (path === 'SKILL.md') {
      result.content = await file.text()
      continue
    }
    const reason = skipReason(path, file.size)
    if (reason) {
      result.skipped.push({ path, reason })
      continue
    }
    const text = await file.text()
    if (text.includes('\0')) result.skipped.push({ path, reason: 'not text.' })
    else result.resources.push({ name: path, content: text })
  }
  result.resources.sort((a, b) => a.name.localeCompare(b.name))
  if (result.content === undefined) result.problem = 'There is no SKILL.md at the top of the chosen folder.'
  return result
}
