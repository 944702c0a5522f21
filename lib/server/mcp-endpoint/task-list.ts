/**
 * `tasks/list`: the runs a person started through `/mcp` as tasks (marked with `mcpTask` when
 * started), only theirs — an admin too sees only their own here, as the spec binds a task list to
 * whoever asks — newest first, a page at a time. The cursor is opaque to the client: the last
 * listed run's creation time and id (a keyset, so pages stay right while new tasks are started);
 * one that does not parse is the spec's Invalid params.
 */
import { ErrorCode, McpError, type ListTasksResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import type { Principal } from '../auth/principal'
import type { Prisma } from '../db/database'
import { RUN_TASK_SELECT, taskOf } from './run-task'

export const TASK_LIST_PAGE_SIZE = 20

const CursorSchema = z.object({ createdAt: z.iso.datetime(), id: z.string().min(1) })
type Cursor = z.infer<typeof CursorSchema>

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url')
}

function decodeCursor(text: string): Cursor {
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')))
  } catch {
    throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor.')
  }
}

export async function listRunTasks(prisma: Prisma, principal: Principal, baseUrl: string, cursorText?: string): Promise<ListTasksResult> {
  const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText)
  const createdAt = cursor && new Date(cursor.createdAt)
  const rows = await prisma.run.findMany({
    where: {
      ownerId: principal.userId,
      mcpTask: true,
      ...(cursor ? { OR: [{ createdAt: { lt: createdAt } }, { createdAt, id: { lt: cursor.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: TASK_LIST_PAGE_SIZE + 1,
    select: RUN_TASK_SELECT,
  })
  const page = rows.slice(0, TASK_LIST_PAGE_SIZE)
  const last = page.at(-1)
  return {
    tasks: page.map((run) => taskOf(run, baseUrl)),
    ...(rows.length > TASK_LIST_PAGE_SIZE && last ? { nextCursor: encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) } : {}),
  }
}
