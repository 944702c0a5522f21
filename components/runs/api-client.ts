/** Fetch helpers for the app's JSON API (errors come as `{ error: { code, message, details? } }`). */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}), ...init?.headers },
      cache: 'no-store',
    })
  } catch (cause) {
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.', cause)
  }
  const body = await readBody(response)
  if (!response.ok) throw apiErrorFrom(response.status, body)
  return body as T
}

export function postJson<T>(url: string, body: unknown): Promise<T> {
  return fetchJson<T>(url, { method: 'POST', body: JSON.stringify(body) })
}

/** The message to show for any error thrown by these helpers. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  return 'Something went wrong.'
}

export function apiErrorFrom(status: number, body: unknown): ApiError {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined
  if (typeof error === 'object' && error !== null) {
    const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown }
    return new ApiError(
      status,
      typeof code === 'string' ? code : `http_${status}`,
      typeof message === 'string' && message !== '' ? message : `Request failed (${status}).`,
      details,
    )
  }
  return new ApiError(status, `http_${status}`, `Request failed (${status}).`)
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Asks the process running the run to cancel one of its long-running MCP tasks (202: requested). */
export function cancelMcpTask(runId: string, task: { serverId: string; taskId: string }): Promise<{ requested: true }> {
  return postJson<{ requested: true }>(`/api/runs/${encodeURIComponent(runId)}/mcp-tasks/cancel`, { serverId: task.serverId, taskId: task.taskId })
}
