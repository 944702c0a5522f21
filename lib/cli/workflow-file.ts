/** Reading a workflow document from a file the command line names: a missing or unreadable file is a usage error (exit 2). */
import { readFile } from 'node:fs/promises'
import { usageError } from './cli-io'

export async function readWorkflowFile(path: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw usageError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`)
  }
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw usageError(`${path} is not JSON: ${(error as Error).message}`)
  }
}
