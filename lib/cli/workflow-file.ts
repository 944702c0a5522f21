/**
 * Reading a workflow document from a file the command line names: a missing or unreadable file is a usage error (exit 2).
 * Takes a bare graph document or the editor's export (`{ "agentloom": "workflow", name, document }`), whose document it unwraps.
 */
import { readFile } from 'node:fs/promises'
import { WORKFLOW_FILE_KIND } from '@/lib/graph/workflow-file'
import { usageError } from './cli-io'

export interface WorkflowFileContents {
  /** The workflow's name, when the file is the editor's export. */
  name?: string
  document: unknown
}

export async function readWorkflowFile(path: string): Promise<unknown> {
  return (await readWorkflowFileContents(path)).document
}

export async function readWorkflowFileContents(path: string): Promise<WorkflowFileContents> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw usageError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`)
  }
  let raw: unknown
  try {
    raw = JSON.parse(text) as unknown
  } catch (error) {
    throw usageError(`${path} is not JSON: ${(error as Error).message}`)
  }
  if (typeof raw === 'object' && raw !== null && (raw as { agentloom?: unknown }).agentloom === WORKFLOW_FILE_KIND) {
    const file = raw as { name?: unknown; document?: unknown }
    return { name: typeof file.name === 'string' ? file.name : undefined, document: file.document }
  }
  return { document: raw }
}
