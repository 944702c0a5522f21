/** What a row shows of "Test connection": nothing yet, connecting, the server's tools, or why it failed. */
import { errorMessage } from '@/components/api-client'
import type { ConnectionTestState } from '@/components/queries/mcp-servers'
import type { McpTestResult } from '@/lib/contracts/mcp-servers'

export type TestState = { status: 'running' } | { status: 'done'; result: McpTestResult } | { status: 'failed'; message: string }

/** A test's mutation state as the row shows it; undefined while no test (still valid) was run. */
export function testStateOf(test: ConnectionTestState | undefined): TestState | undefined {
  switch (test?.status) {
    case 'pending':
      return { status: 'running' }
    case 'success':
      return { status: 'done', result: test.data! }
    case 'error':
      return { status: 'failed', message: errorMessage(test.error) }
    default:
      return undefined
  }
}
