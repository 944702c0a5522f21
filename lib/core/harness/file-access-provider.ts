/**
 * FileAccessProvider: a ContextProvider that gives every run the `file_access_*` tools over one
 * shared AgentFileStore (shared across sessions and agents, unlike session memory) plus usage
 * instructions. Every tool requires approval unless its group's approval is disabled.
 *
 *   const files = new FileAccessProvider(new FileSystemAgentFileStore('/srv/agent-files'), { disableReadOnlyToolApproval: true })
 *   new Agent({ client, contextProviders: [files] })
 *
 * Problems a model can fix (a bad path, a file that exists, an ambiguous replacement) come back as
 * `Error: …` results; nothing outside the store's rules is ever touched.
 */
import { z } from 'zod'
import { FileAccessOperationError, FileAccessPathError, FileAlreadyExistsError } from '../errors'
import { ContextProvider, type ContextProviderRunArgs } from '../sessions/context-provider'
import type { FunctionTool } from '../tools/function-tool'
import { tool } from '../tools/tool'
import type { AgentFileStore } from './agent-file-store'
import { globMatcher } from './file-search'
import { normalizeRelativePath } from './path-rules'
import { replaceLines, replaceText } from './text-edits'

export const DEFAULT_FILE_ACCESS_SOURCE_ID = 'file_access'

export const DEFAULT_FILE_ACCESS_INSTRUCTIONS =
  '## File Access\n' +
  'You have access to a shared file storage area via the `file_access_*` tools for reading, writing, and managing files.\n' +
  'These files persist beyond the current session and may be shared across sessions or agents.\n' +
  'Use these tools to read input data provided by the user, write output artifacts, and manage any files the user has asked you to work with.\n\n' +
  '- Never delete or overwrite existing files unless the user has explicitly asked you to do so.'

export const FILE_ACCESS_READ_ONLY_TOOL_NAMES = ['file_access_read', 'file_access_ls', 'file_access_grep'] as const
export const FILE_ACCESS_WRITE_TOOL_NAMES = ['file_access_write', 'file_access_delete', 'file_access_replace', 'file_access_replace_lines'] as const

export interface FileAccessProviderOptions {
  sourceId?: string
  /** Replaces the default instructions. */
  instructions?: string
  /** Offer only the read-only tools (read, ls, grep). */
  disableWriteTools?: boolean
  /** Read, ls and grep run without approval. */
  disableReadOnlyToolApproval?: boolean
  /** Write, delete, replace and replace_lines run without approval. */
  disableWriteToolApproval?: boolean
}

export class FileAccessProvider extends ContextProvider {
  readonly store: AgentFileStore
  readonly instructions: string
  readonly tools: readonly FunctionTool[]

  constructor(store: AgentFileStore, options: FileAccessProviderOptions = {}) {
    super(options.sourceId ?? DEFAULT_FILE_ACCESS_SOURCE_ID)
    if (!store || typeof store.read !== 'function') throw new FileAccessOperationError('FileAccessProvider needs an AgentFileStore.')
    this.store = store
    this.instructions = options.instructions || DEFAULT_FILE_ACCESS_INSTRUCTIONS
    const readMode = options.disableReadOnlyToolApproval ? 'never_require' : 'always_require'
    const writeMode = options.disableWriteToolApproval ? 'never_require' : 'always_require'
    const readTools = createReadTools(store, readMode)
    this.tools = options.disableWriteTools ? readTools : [...readTools, ...createWriteTools(store, writeMode)]
  }

  override beforeRun({ context }: ContextProviderRunArgs): void {
    context.extendInstructions(this.sourceId, this.instructions)
    context.extendTools(this.sourceId, this.tools)
  }
}

type Mode = 'always_require' | 'never_require'

/** Runs a tool body; the caller's mistakes become `Error: …` text the model can act on. */
async function reportingMistakes<T>(body: () => Promise<T>): Promise<T | string> {
  try {
    return await body()
  } catch (error) {
    if (error instanceof FileAccessPathError || error instanceof FileAccessOperationError) return `Error: ${error.message}`
    throw error
  }
}

const fileName = z.string().describe('Path of the file, relative to the storage root, with forward slashes.')
const directory = z.string().optional().describe('Directory relative to the storage root; omit for the root.')
const globPattern = z.string().optional().describe('Optional glob over paths relative to the directory (e.g. "*.md", "reports/**").')

function createReadTools(store: AgentFileStore, approvalMode: Mode): FunctionTool[] {
  return [
    tool({
      name: 'file_access_read',
      description: 'Read the content of a file by name. Returns the file content or a message indicating the file was not found.',
      parameters: z.object({ file_name: fileName }),
      approvalMode,
      execute: ({ file_name }) => reportingMistakes(async () => (await store.read(normalizeRelativePath(file_name))) ?? `File '${file_name}' not found.`),
    }) as FunctionTool,
    tool({
      name: 'file_access_ls',
      description: 'List the files and subdirectories of a directory (the root when omitted), subdirectories first, optionally filtered by a glob pattern.',
      parameters: z.object({ directory, glob_pattern: globPattern }),
      approvalMode,
      execute: ({ directory: dir, glob_pattern }) =>
        reportingMistakes(async () => {
          const matches = globMatcher(glob_pattern)
          return (await store.listChildren(dir ?? '')).filter((entry) => matches(entry.name))
        }),
    }) as FunctionTool,
    tool({
      name: 'file_access_grep',
      description:
        'Search file contents with a regular expression (case-insensitive; RE2 syntax, so no lookarounds or backreferences) in every file under a directory (the root when omitted). ' +
        'Optionally filter which files to search with a glob pattern (e.g. "*.md", "reports/**"). ' +
        'Returns matching file names (relative to the storage root), snippets, and matching lines with line numbers.',
      parameters: z.object({ regex_pattern: z.string().min(1), glob_pattern: globPattern, directory }),
      approvalMode,
      execute: ({ regex_pattern, glob_pattern, directory: dir }) =>
        reportingMistakes(() => store.search(dir ?? '', regex_pattern, glob_pattern, { recursive: true })),
    }) as FunctionTool,
  ]
}

function createWriteTools(store: AgentFileStore, approvalMode: Mode): FunctionTool[] {
  return [
    tool({
      name: 'file_access_write',
      description: 'Write a file with the given name and content. By default it does not overwrite an existing file unless overwrite is set to true.',
      parameters: z.object({ file_name: fileName, content: z.string(), overwrite: z.boolean().default(false) }),
      approvalMode,
      execute: ({ file_name, content, overwrite }) =>
        reportingMistakes(async () => {
          try {
            await store.write(normalizeRelativePath(file_name), content, { overwrite })
          } catch (error) {
            if (error instanceof FileAlreadyExistsError) {
              return `File '${file_name}' already exists. To replace it, write again with overwrite set to true.`
            }
            throw error
          }
          return `File '${file_name}' written.`
        }),
    }) as FunctionTool,
    tool({
      name: 'file_access_delete',
      description: 'Delete a file by name.',
      parameters: z.object({ file_name: fileName }),
      approvalMode,
      execute: ({ file_name }) =>
        reportingMistakes(async () =>
          (await store.delete(normalizeRelativePath(file_name))) ? `File '${file_name}' deleted.` : `File '${file_name}' not found.`,
        ),
    }) as FunctionTool,
    tool({
      name: 'file_access_replace',
      description: 'Replace text in a file. old_string must occur exactly once unless replace_all is true.',
      parameters: z.object({ file_name: fileName, old_string: z.string(), new_string: z.string(), replace_all: z.boolean().default(false) }),
      approvalMode,
      execute: ({ file_name, old_string, new_string, replace_all }) =>
        reportingMistakes(async () => {
          const path = normalizeRelativePath(file_name)
          const content = await store.read(path)
          if (content === null) return `File '${file_name}' not found.`
          const replaced = replaceText(content, old_string, new_string, replace_all)
          await store.write(path, replaced.content, { overwrite: true })
          return `Replaced ${replaced.count} occurrence(s) in '${file_name}'.`
        }),
    }) as FunctionTool,
    tool({
      name: 'file_access_replace_lines',
      description:
        'Replace whole lines of a file by 1-based line number (as reported by file_access_grep). Each edit gives line_number and new_line, ' +
        'and optionally expected_line (the line as it is now) to guard against stale line numbers. A line keeps its line ending unless new_line ends with one.',
      parameters: z.object({
        file_name: fileName,
        edits: z.array(z.object({ line_number: z.number().int().min(1), new_line: z.string(), expected_line: z.string().optional() })).min(1),
      }),
      approvalMode,
      execute: ({ file_name, edits }) =>
        reportingMistakes(async () => {
          const path = normalizeRelativePath(file_name)
          const content = await store.read(path)
          if (content === null) return `File '${file_name}' not found.`
          const edited = replaceLines(
            content,
            edits.map((e) => ({ lineNumber: e.line_number, newLine: e.new_line, expectedLine: e.expected_line })),
          )
          await store.write(path, edited, { overwrite: true })
          return `Replaced ${edits.length} line(s) in '${file_name}'.`
        }),
    }) as FunctionTool,
  ]
}
