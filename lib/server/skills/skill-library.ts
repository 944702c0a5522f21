/**
 * The app's skill library: skills stored in the database (created in the browser; inline skills
 * with `{ name, content }` resources and no scripts) next to file skills discovered on disk (with
 * resources and .js/.mjs scripts). A stored skill's name is unique among its owner's skills and the
 * file skills: creating or renaming onto one of those is a 409, while another person's skill of the
 * same name is theirs alone and never in the way (nor revealed). Should a file skill appear on disk
 * under a stored skill's name later, the stored one is offered (it is the one a person can edit or
 * delete) and the file is reported as a load error. Every update names the `version` it started
 * from; one from an older version is refused (409 `stale_version`).
 *
 * Stored skills have an owner: lists, reads and changes show only the caller's (an admin: all),
 * and someone else's skill answers like a missing one. File skills are the installation's and
 * everyone may use them.
 *
 *   const library = new SkillLibrary({ prisma, directories: skillDirectoriesFromEnv() })
 *   await library.create(principal, { content: '---\nname: tone\ndescription: Write in our tone.\n---\n…' })
 *   const provider = await library.providerFor(['tone', 'text-tools'], visibleTo(principal))   // an agent's skillIds
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import {
  SKILL_FILE_NAME,
  SkillFileError,
  SkillsProvider,
  UserError,
  createNodeScriptRunner,
  parseSkillMarkdown,
  splitFrontmatter,
  type FileSkill,
  type ParsedSkillMarkdown,
  type Skill,
  type SkillScriptRunner,
} from '@/lib/core'
import { requireRole, targetWorkspace, visibleTo, type Principal, type RunScope } from '../auth/principal'
import { nameOwnerOf, resolveOwnedNames, type NameOwner } from '../auth/name-owner'
import type { Prisma } from '../db/database'
import { conflict, isDomainError, notFound } from '../domain-errors'
import { requireBase, staleVersion } from '../save-base'
import type { CreateSkillInput, SkillDetail, SkillList, SkillLoadError, SkillSummary, StoredResource, UpdateSkillInput } from '@/lib/contracts/skills'
import type { SkillCheck, SkillCheckRequest } from '@/lib/contracts/skill-checks'
import { discoverFileSkills, type FileSkillCatalog } from './file-skills'
import { checkSkill } from './skill-check'
import { presentFileSkill, presentStoredSkill, relativePath } from './skill-views'
import { STORED_SKILL_FILE, parseSubmittedSkill, storedResourcesOf, storedSkillMessage, toInlineSkill, type StoredSkillRow } from './stored-skills'

const UNIQUE_VIOLATION = 'P2002'

export interface SkillLibraryOptions {
  prisma: Prisma
  /** Directories searched for file skills (see skillDirectoriesFromEnv). */
  directories: readonly string[]
  /** Runs file skills' scripts; default: lib/core's Node runner. */
  scriptRunner?: SkillScriptRunner
  /** Paths shown to people are relative to this (default: the working directory). */
  root?: string
}

/** A stored row with its SKILL.md parsed; `problem` when the saved text no longer parses. */
interface StoredEntry {
  row: StoredSkillRow
  resources: StoredResource[]
  parsed?: ParsedSkillMarkdown
  problem?: SkillFileError
}

interface Catalog {
  stored: Map<string, StoredEntry>
  files: Map<string, FileSkill>
  loadErrors: SkillLoadError[]
}

export class SkillLibrary {
  private readonly prisma: Prisma
  private readonly directories: readonly string[]
  private readonly scriptRunner: SkillScriptRunner
  private readonly root: string

  constructor(options: SkillLibraryOptions) {
    this.prisma = options.prisma
    this.directories = [...options.directories]
    this.scriptRunner = options.scriptRunner ?? createNodeScriptRunner()
    this.root = options.root ?? process.cwd()
  }

  /** Every skill of both sources, by name, and the SKILL.md files that could not be loaded. */
  /** `workspaceId`: that workspace's stored skills only (with the file skills). */
  async list(principal: Principal, workspaceId?: string): Promise<SkillList> {
    const visible = { ...visibleTo(principal), ...(workspaceId === undefined ? {} : { AND: [{ workspaceId }] }) }
    const catalog = await this.catalog(visible, workspaceId ?? principal.personalWorkspaceId ?? undefined)
    const skills: SkillSummary[] = [
      ...[...catalog.stored.values()].map((entry) => this.presentStored(entry)),
      ...[...catalog.files.values()].map((skill) => presentFileSkill(skill, this.root)),
    ]
    skills.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    return { skills, loadErrors: catalog.loadErrors }
  }

  /** One skill with its SKILL.md text; 404 when neither source has it. */
  async get(principal: Principal, name: string, workspaceId?: string): Promise<SkillDetail> {
    const row = await this.storedRowFor(principal, name, workspaceId)
    if (row) return this.storedDetail(parseStoredRow(row))
    const file = (await this.fileCatalog()).skills.find((skill) => skill.name === name)
    if (!file) throw notFound('Skill', name)
    return { ...presentFileSkill(file, this.root), content: file.content, body: splitFrontmatter(file.content)?.body ?? '' }
  }

  /** Stores a skill from SKILL.md text: 400 `invalid_skill` with the rule broken, 409 when the name is taken. */
  async create(principal: Principal, input: CreateSkillInput & { workspaceId?: string }): Promise<SkillDetail> {
    const workspaceId = targetWorkspace(principal, input.workspaceId, 'editor')
    const parsed = parseSubmittedSkill(input.content)
    const { name, description } = parsed.frontmatter
    await this.assertNameFree(name, workspaceId)
    const resources = input.resources ?? []
    try {
      const row = await this.prisma.skill.create({
        data: { id: randomUUID(), name, description, ownerId: principal.userId, workspaceId, content: input.content, resources, updatedById: principal.userId },
      })
      return this.storedDetail({ row, resources, parsed })
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw nameTaken(name, 'stored')
      throw error
    }
  }

  /**
   * Replaces a stored skill's SKILL.md and/or resources; a new name in the SKILL.md renames it. `base` is the skill's
   * version the edit started from: when it was saved again since, nothing changes (409 `stale_version`).
   */
  async update(principal: Principal, name: string, input: UpdateSkillInput, named: number | undefined, workspaceId?: string): Promise<SkillDetail> {
    const existing = await this.storedRowOrThrow(principal, name, workspaceId)
    requireRole(principal, existing.workspaceId, 'editor')
    const content = input.content ?? existing.content
    const parsed = parseSubmittedSkill(content)
    const newName = parsed.frontmatter.name
    if (newName !== name) await this.assertNameFree(newName, existing.workspaceId)
    const resources = input.resources ?? storedResourcesOf(existing)
    const base = requireBase(named, 'skill')
    try {
      const { count } = await this.prisma.skill.updateMany({
        where: { id: existing.id, version: base },
        data: { name: newName, description: parsed.frontmatter.description, content, resources, version: { increment: 1 }, updatedById: principal.userId },
      })
      if (count === 0) throw await this.staleVersion(existing.id, base)
      const row = await this.prisma.skill.findUniqueOrThrow({ where: { id: existing.id } })
      return this.storedDetail({ row, resources, parsed })
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw nameTaken(newName, 'stored')
      throw error
    }
  }

  /** What a save of this skill would refuse (and discovery on disk), each problem at its field; nothing is saved. */
  async check(principal: Principal, input: SkillCheckRequest): Promise<SkillCheck> {
    // Only the caller's own stored skill counts as the one being edited.
    const currentRow = input.current === undefined ? undefined : await this.storedRowFor(principal, input.current, undefined, true)
    const current = currentRow?.name
    return checkSkill({ ...input, current }, async (name) => {
      try {
        await this.assertNameFree(name, currentRow?.workspaceId ?? principal.personalWorkspaceId)
        return undefined
      } catch (error) {
        if (isDomainError(error) && error.code === 'skill_exists') return error.message
        throw error
      }
    })
  }

  /** Deletes a stored skill; file skills live on disk and answer 409. */
  async delete(principal: Principal, name: string, workspaceId?: string): Promise<{ name: string }> {
    const row = await this.storedRowOrThrow(principal, name, workspaceId)
    requireRole(principal, row.workspaceId, 'editor')
    const { count } = await this.prisma.skill.deleteMany({ where: { id: row.id } })
    if (count === 0) throw notFound('Skill', name)
    return { name }
  }

  /**
   * A SkillsProvider offering exactly the named skills (undefined for none), as an agent's
   * `skillIds` ask, among `owner`'s stored skills (auth/name-owner.ts) and the file skills. An
   * unknown or unusable name is a UserError naming it. Approvals stay on.
   */
  async providerFor(names: readonly string[], owner: NameOwner | RunScope): Promise<SkillsProvider | undefined> {
    const resolve = await this.resolverFor(names, owner)
    return resolve(names)
  }

  /**
   * For compile()'s synchronous `skills(ids)` hook: checks every name up front (a UserError
   * naming the unknown ones), then builds one SkillsProvider per call from the loaded skills.
   */
  async resolverFor(names: readonly string[], owner: NameOwner | RunScope): Promise<(ids: readonly string[]) => SkillsProvider | undefined> {
    const wanted = [...new Set(names)]
    const skills = wanted.length === 0 ? new Map<string, Skill>() : await this.loadSkills(wanted, asNameOwner(owner))
    return (ids) => {
      const list = [...new Set(ids)].map((id) => {
        const skill = skills.get(id)
        if (!skill) throw unknownSkills([id])
        return skill
      })
      return list.length === 0 ? undefined : new SkillsProvider(list)
    }
  }

  /** A name means `owner`'s stored skill (never the earliest of anyone's: names are unique per workspace only), else the file skill. */
  private async loadSkills(names: readonly string[], owner: NameOwner): Promise<Map<string, Skill>> {
    const [rows, files] = await Promise.all([
      resolveOwnedNames(
        names,
        owner,
        (wanted, where) => this.prisma.skill.findMany({ where: { name: { in: wanted }, ...where } }),
        (row) => row.name,
      ),
      this.fileCatalog(),
    ])
    const fileSkills = new Map(files.skills.map((skill) => [skill.name, skill]))
    const skills = new Map<string, Skill>()
    const missing: string[] = []
    for (const name of names) {
      const row = rows.get(name)
      const stored = row ? parseStoredRow(row) : undefined
      if (stored?.problem) throw new UserError(`Skill '${name}' cannot be used: ${storedSkillMessage(stored.problem.message)}`)
      if (stored?.parsed) skills.set(name, toInlineSkill(stored.parsed, stored.resources))
      else if (fileSkills.has(name)) skills.set(name, fileSkills.get(name)!)
      else missing.push(name)
    }
    if (missing.length > 0) throw unknownSkills(missing)
    return skills
  }

  /**
   * The stored skills in `visible` by name, and the file skills. A scope of several workspaces may hold one name
   * several times: `preferWorkspaceId`'s skill is the one offered, else the earliest made.
   */
  private async catalog(visible: { workspaceId?: { in: string[] }; AND?: Array<{ workspaceId: string }> }, preferWorkspaceId?: string): Promise<Catalog> {
    const [rows, files] = await Promise.all([
      this.prisma.skill.findMany({ where: visible, orderBy: [{ name: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] }),
      this.fileCatalog(),
    ])
    const stored = new Map<string, StoredEntry>()
    for (const row of rows) {
      if (!stored.has(row.name) || row.workspaceId === preferWorkspaceId) stored.set(row.name, parseStoredRow(row))
    }
    const loadErrors = [...files.loadErrors]
    for (const entry of stored.values()) {
      if (entry.problem) loadErrors.push({ path: `stored:${entry.row.name}`, rule: entry.problem.rule, message: storedSkillMessage(entry.problem.message) })
    }
    const fileSkills = new Map<string, FileSkill>()
    for (const skill of files.skills) {
      if (stored.has(skill.name)) {
        const path = relativePath(this.root, join(skill.path, SKILL_FILE_NAME))
        loadErrors.push({ path, rule: 'duplicate_name', message: `Skill '${skill.name}' at '${path}' is hidden by the stored skill of the same name.` })
        continue
      }
      fileSkills.set(skill.name, skill)
    }
    return { stored, files: fileSkills, loadErrors }
  }

  private fileCatalog(): Promise<FileSkillCatalog> {
    return discoverFileSkills(this.directories, this.scriptRunner, this.root)
  }

  /**
   * The stored skill of that name in the named workspace, else in the principal's personal one; for an admin who
   * named no workspace, failing their own, the earliest made of anyone's. `ownOnly`: never another workspace's (a name
   * check asks about the caller's own names).
   */
  private async storedRowFor(principal: Principal, name: string, workspaceId?: string, ownOnly = false): Promise<StoredSkillRow | undefined> {
    const owner = nameOwnerOf(principal, workspaceId)
    const own = await this.prisma.skill.findFirst({ where: { name, workspaceId: owner.workspaceId } })
    if (own || ownOnly || workspaceId !== undefined || !owner.isAdmin) return own ?? undefined
    return (await this.prisma.skill.findFirst({ where: { name }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })) ?? undefined
  }

  /** The stored row to change; 409 for a file skill, 404 for an unknown name or another workspace's skill. */
  private async storedRowOrThrow(principal: Principal, name: string, workspaceId?: string): Promise<StoredSkillRow> {
    const row = await this.storedRowFor(principal, name, workspaceId)
    if (row) return row
    const isFile = (await this.fileCatalog()).skills.some((skill) => skill.name === name)
    if (isFile) throw conflict('file_skill_read_only', `Skill '${name}' is a file skill: change or remove it on disk, not here.`)
    throw notFound('Skill', name)
  }

  /** 409 when the workspace has a stored skill of that name, or a file skill has it; other workspaces' names are no concern. */
  private async assertNameFree(name: string, workspaceId: string | null): Promise<void> {
    if (await this.prisma.skill.findFirst({ where: { name, workspaceId }, select: { id: true } })) throw nameTaken(name, 'stored')
    const file = (await this.fileCatalog()).skills.find((skill) => skill.name === name)
    if (file) throw nameTaken(name, 'file', relativePath(this.root, file.path))
  }

  private presentStored(entry: StoredEntry): SkillSummary {
    if (entry.parsed) return presentStoredSkill(entry.parsed.frontmatter, entry.resources, entry.row)
    // Saved text that no longer parses is still listed, so a person can fix or delete it.
    return {
      name: entry.row.name,
      description: entry.row.description,
      source: 'stored',
      resources: entry.resources.map((resource) => resource.name),
      scripts: [],
      updatedAt: entry.row.updatedAt.toISOString(),
      version: entry.row.version,
    }
  }

  private async staleVersion(id: string, base: number) {
    const row = await this.prisma.skill.findUnique({ where: { id }, select: { version: true, updatedAt: true, updatedById: true } })
    if (!row) return notFound('Skill', id)
    const savedBy = row.updatedById ? await this.prisma.user.findUnique({ where: { id: row.updatedById }, select: { id: true, name: true } }) : null
    return staleVersion('skill', base, { version: row.version, savedAt: row.updatedAt.toISOString(), savedBy })
  }

  private storedDetail(entry: StoredEntry): SkillDetail {
    return {
      ...this.presentStored(entry),
      content: entry.row.content,
      body: entry.parsed?.body ?? splitFrontmatter(entry.row.content)?.body ?? '',
      storedResources: entry.resources,
    }
  }
}

function parseStoredRow(row: StoredSkillRow): StoredEntry {
  const resources = storedResourcesOf(row)
  try {
    return { row, resources, parsed: parseSkillMarkdown(row.content, STORED_SKILL_FILE) }
  } catch (error) {
    if (error instanceof SkillFileError) return { row, resources, problem: error }
    throw error
  }
}

function nameTaken(name: string, source: 'stored' | 'file', path?: string) {
  const where = source === 'stored' ? 'a stored skill' : `a file skill${path ? ` (${path})` : ''}`
  return conflict('skill_exists', `A skill named '${name}' already exists: ${where}. Choose another name.`, { name, source })
}

function unknownSkills(names: readonly string[]): UserError {
  const quoted = names.map((name) => `'${name}'`).join(', ')
  return new UserError(
    `Unknown skill${names.length === 1 ? '' : 's'} ${quoted}: not in the skill library (neither stored nor found in the skills directories).`,
  )
}

/**
 * A run's scope as whose names it reads: `{}` (every workspace's) as an admin's with no skills of its own, whose
 * names reach the only skill of a name; `{ workspaceId }` as that workspace.
 */
function asNameOwner(owner: NameOwner | RunScope): NameOwner {
  if ('isAdmin' in owner) return owner
  return owner.workspaceId === undefined ? { workspaceId: null, isAdmin: true } : { workspaceId: owner.workspaceId, isAdmin: false }
}
