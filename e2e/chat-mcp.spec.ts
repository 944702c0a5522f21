/**
 * The chat playground with an MCP server, as a person meets it: an agent designed on the Agents page
 * with the task fixture's report tool, which needs approval; in the chat the tool call shows with its
 * arguments while the turn waits, is approved inline, and its result follows. Then a report that
 * would run for ten minutes: its task's status shows in the turn, Stop ends the turn cancelled, the
 * server is told to cancel the task (the fixture writes down what it was asked), and the conversation
 * goes on. The server is registered through the API (the fixture over stdio); the rest is the browser.
 */
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from './fixtures/test'
import { snap } from './fixtures/page'

const SERVER_ID = 'e2e-chat-tasks'
const TOOL = `${SERVER_ID}_slow_report`

async function send(page: Page, text: string) {
  const box = page.getByLabel('Message')
  await expect(box).toBeEditable()
  await box.fill(text)
  await box.press('Enter')
}

const recorded = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

test('chat with an MCP tool: approve its call inline and see its result, Stop a long task, go on', async ({ page }, testInfo) => {
  const record = testInfo.outputPath('task-server.log')
  const registered = await page.request.post('/api/mcp-servers', {
    data: {
      id: SERVER_ID,
      name: 'E2E chat tasks',
      transport: 'stdio',
      config: { command: 'node', args: ['lib/core/mcp/__fixtures__/task-server.mjs', '--record', record] },
    },
  })
  expect(registered.ok()).toBe(true)

  // 1. The agent: the demo model, the MCP server, approval required for its report tool.
  await page.goto('/agents')
  await page.getByTestId('new-agent-name').fill('E2E reporter')
  await page.getByTestId('create-agent').click()
  await expect(page).toHaveURL(/\/agents\/[0-9a-f-]+$/)
  await page.getByTestId('inspector-agent-provider').selectOption('demo')
  await page.getByTestId(`inspector-agent-mcpServerIds-${SERVER_ID}`).check()
  await page.getByTestId('inspector-agent-toolApprovals-name').fill(TOOL)
  await page.getByTestId('inspector-agent-toolApprovals-add').click()
  await expect(page.getByTestId(`inspector-agent-toolApprovals-${TOOL}`)).toHaveValue('always_require')
  await page.getByTestId('save-version').click()
  await expect(page.getByTestId('version-saved')).toBeVisible()
  await page.getByTestId('agent-chat').click()
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(page).toHaveURL(/\?c=[0-9a-f-]+$/)

  // 2. A call that needs approval: it shows with its arguments while the turn waits; Allow, and its result follows.
  await send(page, `/call ${TOOL} {"label":"quick","durationMs":200}`)
  const turn = page.getByTestId('chat-active-turn')
  await expect(turn.getByTestId('chat-tool-call')).toContainText(TOOL)
  await expect(turn.getByTestId('chat-tool-call')).toContainText('"label": "quick"')
  await expect(turn).toContainText(`wants to call ${TOOL}`)
  await snap(page, testInfo, '01-mcp-call-waits')
  await page.getByRole('button', { name: 'Allow' }).click()
  await expect(turn).toHaveCount(0)
  await expect(page.getByTestId('chat-tool-result').last()).toContainText('report quick ready')
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Result: report quick ready')

  // 3. A report that runs long: its task shows working in the turn; Stop cancels the turn and the task.
  await send(page, `/call ${TOOL} {"label":"long-chat","durationMs":600000}`)
  await page.getByRole('button', { name: 'Allow' }).click()
  await expect(turn.getByTestId('chat-tool-running')).toContainText('Task working')
  await snap(page, testInfo, '02-task-working')
  await page.getByTestId('chat-stop').click()
  await expect(turn).toHaveCount(0)
  await expect(page.getByTestId('chat-turn-error')).toHaveText('The reply was stopped.')
  const taskId = /^created (\S+) long-chat$/m.exec(recorded(record))?.[1]
  expect(taskId).toBeTruthy()
  await expect.poll(() => recorded(record)).toContain(`cancelled ${taskId}`)
  await expect(page.getByTestId('chat-usage-turns')).toContainText('cancelled')

  // 4. The conversation goes on.
  await send(page, 'Still there?')
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Demo reply: Still there?')
  await snap(page, testInfo, '03-after-stop')
})
