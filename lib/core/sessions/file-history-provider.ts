/**
 * FileHistoryProvider: one append-only JSON Lines file per session (`<stem>.jsonl`, one message per
 * line) inside `storagePath`. Session ids map to file names as session-file-name.ts describes; files
 * are opened without following symbolic links. A line that cannot be read is reported (with its file
 * and 1-based line number) to `onCorruptLine` — by default a logged warning — and the other lines still
 * load. Appends to one file are serialised within the process, and already-read messages are cached
 * so a run reads only what was appended since the last one.
 */
import { constants } from 'node:fs'
import { mkdir, open, type FileHandle } from 'node:fs/promises'
import { CorruptHistoryLineError, HistoryProviderError, SessionPathError } from '../errors'
import { consoleLogger, type Logger } from '../logger'
import type { Message } from '../types'
import { HistoryProvider, type HistoryAccess, type HistoryProviderOptions } from './history-provider'
import { parseStoredMessage } from './message-schema'
import { sessionFilePath } from './session-file-name'

export interface FileHistoryProviderOptions extends HistoryProviderOptions {
  /** Called for each unreadable line; default: a warning on the logger. */
  onCorruptLine?: (error: CorruptHistoryLineError) => void
  logger?: Logger
}

interface CachedFile {
  /** Bytes consumed so far (always at a line boundary). */
  offset: number
  linesRead: number
  messages: Message[]
}

export class FileHistoryProvider extends HistoryProvider {
  static readonly DEFAULT_SOURCE_ID = 'file_history'
  readonly storagePath: string
  private readonly onCorruptLine: (error: CorruptHistoryLineError) => void
  private readonly cache = new Map<string, CachedFile>()
  private readonly writeQueues = new Map<string, Promise<void>>()

  constructor(storagePath: string, options: FileHistoryProviderOptions = {}) {
    super(FileHistoryProvider.DEFAULT_SOURCE_ID, options)
    this.storagePath = storagePath
    const logger = options.logger ?? consoleLogger
    this.onCorruptLine = options.onCorruptLine ?? ((error) => logger.warn(error.message))
  }

  /** The file a session's history lives in. */
  filePathFor(sessionId: string | undefined): string {
    return sessionFilePath(this.storagePath, sessionId)
  }

  async getMessages(sessionId: string | undefined, _access?: HistoryAccess): Promise<Message[]> {
    const filePath = this.filePathFor(sessionId)
    await this.writeQueues.get(filePath)
    const handle = await openNoFollow(filePath, constants.O_RDONLY)
    if (!handle) {
      this.cache.delete(filePath)
      return []
    }
    try {
      const cached = await this.readNew(filePath, handle)
      return [...cached.messages]
    } finally {
      await handle.close()
    }
  }

  async saveMessages(sessionId: string | undefined, messages: readonly Message[], _access?: HistoryAccess): Promise<void> {
    if (messages.length === 0) return
    const filePath = this.filePathFor(sessionId)
    const text = messages.map((message) => JSON.stringify(message.toJSON()) + '\n').join('')
    const previous = this.writeQueues.get(filePath) ?? Promise.resolve()
    const write = previous.then(() => this.append(filePath, text))
    const settled = write.catch(() => {})
    this.writeQueues.set(filePath, settled)
    void settled.then(() => {
      if (this.writeQueues.get(filePath) === settled) this.writeQueues.delete(filePath)
    })
    return write
  }

  private async append(filePath: string, text: string): Promise<void> {
    await mkdir(this.storagePath, { recursive: true })
    const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT
    const handle = await openNoFollow(filePath, flags)
    if (!handle) throw new HistoryProviderError(`Cannot open history file ${filePath} for appending.`)
    try {
      await handle.writeFile(text, 'utf8')
    } finally {
      await handle.close()
    }
  }

  /** Reads what was appended since the cached offset (everything when the file shrank or is new to us). */
  private async readNew(filePath: string, handle: FileHandle): Promise<CachedFile> {
    const { size } = await handle.stat()
    let cached = this.cache.get(filePath)
    if (!cached || size < cached.offset) cached = { offset: 0, linesRead: 0, messages: [] }
    if (size > cached.offset) {
      const buffer = Buffer.alloc(size - cached.offset)
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, cached.offset)
      const lastNewline = buffer.lastIndexOf(0x0a, bytesRead - 1)
      // A line without its newline yet is still being written; it is read next time.
      if (lastNewline >= 0) {
        this.parseLines(filePath, buffer.subarray(0, lastNewline).toString('utf8'), cached)
        cached.offset += lastNewline + 1
      }
    }
    this.cache.set(filePath, cached)
    return cached
  }

  private parseLines(filePath: string, text: string, cached: CachedFile): void {
    for (const line of text.split('\n')) {
      cached.linesRead++
      if (line.trim() === '') continue
      const parsed = parseStoredMessage(line)
      if (parsed.ok) cached.messages.push(parsed.message)
      else this.onCorruptLine(new CorruptHistoryLineError(filePath, cached.linesRead, parsed.problem))
    }
  }
}

/** Opens without following a symbolic link; undefined when the file does not exist. */
async function openNoFollow(filePath: string, flags: number): Promise<FileHandle | undefined> {
  try {
    return await open(filePath, flags | constants.O_NOFOLLOW, 0o600)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return undefined
    if (code === 'ELOOP') throw new SessionPathError(`History file ${filePath} is a symbolic link; refusing to use it.`)
    throw new HistoryProviderError(`Cannot open history file ${filePath}: ${(error as Error).message}`, { cause: error })
  }
}
