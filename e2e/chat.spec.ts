/**
 * The chat playground as a person uses it: chat with an agent (the demo model, with a function tool
 * that needs approval), approve the tool call inline, reload in the middle of a turn and find it
 * again, continue after a reload, see token usage, pin the conversation to a version, rename, export and delete it.
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from './fixtures/test'
import { snap } from './fixtures/page'

const assistantMessages = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]')

async function send(page: Page, text: string) {
  const box = page.getByLabel('Message')
  await expect(box).toBeEditable()
  await box.fill(text)
  await box.press('Enter')
}

test('chat with an agent: reply, tool approval inline, reload and continue, rename, export, delete', async ({ page }, testInfo) => {
  const created = await page.request.post('/api/agents', {
    data: {
      name: `Word counter ${Date.now()}`,
      definition: { instructions: 'Count words when asked.', model: { provider: 'demo' }, functionTools: ['word_count'], toolApprovalMode: 'always_require' },
    },
  })
  expect(created.status()).toBe(201)
  const agentId = (await created.json()).agent.id as string

  // 1. A new conversation, and a first reply streamed into it.
  await page.goto(`/agents/${agentId}/chat`)
  await expect(page.getByTestId('chat-agent-name')).toContainText('Word counter')
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(page).toHaveURL(/\?c=[0-9a-f-]+$/)
  await send(page, 'Hello there')
  await expect(assistantMessages(page).last()).toContainText('Demo reply: Hello there')
  await expect(page.getByTestId('chat-title')).toHaveText('Hello there')

  // 2. A tool call that needs approval: the card appears inline, and survives a reload.
  await send(page, '/call word_count {"text":"one two three"}')
  const activeTurn = page.getByTestId('chat-active-turn')
  await expect(activeTurn).toContainText('wants to call word_count')
  await expect(page.getByRole('button', { name: 'Allow' })).toBeVisible()
  await snap(page, testInfo, '01-approval-inline')
  await page.reload()
  await expect(page.getByTestId('chat-active-turn')).toBeVisible()
  await page.getByRole('button', { name: 'Allow' }).click()
  await expect(page.getByTestId('chat-active-turn')).toHaveCount(0)
  await expect(page.getByTestId('chat-tool-result').last()).toContainText('"words": 3')
  await expect(assistantMessages(page).last()).toContainText('Result:')

  // 3. After a reload the conversation is all there, and goes on.
  await page.reload()
  await expect(page.locator('[data-testid="chat-message"][data-role="user"]').first()).toContainText('Hello there')
  await send(page, 'Still there?')
  await expect(assistantMessages(page).last()).toContainText('Demo reply: Still there?')
  await expect(page.getByTestId('chat-usage-total')).toContainText(/\d+ tokens in 3 turns/)
  await snap(page, testInfo, '02-continued')

  // 3b. A new version of the agent: the conversation follows it, until pinned to the first.
  const definition = { instructions: 'Count words, briefly.', model: { provider: 'demo' }, functionTools: ['word_count'], toolApprovalMode: 'always_require' }
  expect((await page.request.post(`/api/agents/${agentId}/versions`, { data: { definition, baseVersion: 1 } })).status()).toBe(201)
  await page.reload()
  await expect(page.getByTestId('chat-version')).toHaveText('v2 · latest')
  await page.getByLabel('Agent version').selectOption('1')
  await expect(page.getByTestId('chat-version')).toHaveText('pinned to v1')

  // 4. Rename.
  const row = page.getByTestId('conversation-row').first()
  await row.getByRole('button', { name: /^Rename/ }).click()
  await page.getByLabel('Conversation title').fill('Counting words')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('chat-title')).toHaveText('Counting words')
  await expect(page.getByTestId('conversation-row').first()).toContainText('Counting words')

  // 5. Export as Markdown: every message as it was stored.
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export Counting words as Markdown' }).click()
  const markdown = await readFile(await (await download).path(), 'utf8')
  expect(markdown).toContain('# Counting words')
  expect(markdown).toContain('Demo reply: Hello there')
  expect(markdown).toContain('Tool call `word_count`')
  expect(markdown).toContain('Demo reply: Still there?')

  // 6. Delete.
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Delete Counting words' }).click()
  await expect(page.getByTestId('conversation-row')).toHaveCount(0)
  await expect(page.getByText('Open a conversation, or start a new one.')).toBeVisible()
})
