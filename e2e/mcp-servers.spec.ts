/**
 * MCP servers as a person manages them: add a stdio server (the shipped example) with a secret
 * environment value, test its connection, make sure the secret never shows, have its tools loaded
 * on demand, share one connection across runs instead, delete it. And the warning before deleting
 * a server that a saved workflow uses.
 */
import { expect, test, type Page } from './fixtures/test'
import { snap } from './fixtures/page'

const SECRET = 'e2e-secret-value-7f3a91c4'
const SERVER_ID = 'e2e-research'

async function expectNoSecret(page: Page) {
  expect(await page.content()).not.toContain(SECRET)
  for (const url of ['/api/mcp-servers', `/api/mcp-servers/${SERVER_ID}`]) {
    const response = await page.request.get(url)
    expect(response.ok()).toBe(true)
    expect(await response.text()).not.toContain(SECRET)
  }
}

test('add a stdio MCP server with a secret, test its connection, delete it', async ({ page }, testInfo) => {
  await page.goto('/mcp-servers')
  await expect(page.getByTestId('mcp-server-list')).toBeVisible()

  // 1. Add the server: command, args as a list, an env secret.
  await page.getByTestId('mcp-add').click()
  await page.getByTestId('mcp-field-name').fill('E2E research')
  await expect(page.getByTestId('mcp-field-id')).toHaveValue(SERVER_ID)
  await expect(page.getByTestId('mcp-field-transport')).toHaveValue('stdio')
  await page.getByTestId('mcp-field-command').fill('node')
  await page.getByTestId('mcp-add-arg').click()
  await page.getByTestId('mcp-field-arg-0').fill('examples/mcp-servers/research-assistant.mjs')
  await page.getByTestId('mcp-add-env').click()
  await page.getByTestId('mcp-field-env-name-0').fill('API_KEY')
  await page.getByTestId('mcp-field-env-value-0').fill(SECRET)
  await expect(page.getByTestId('mcp-field-env-value-0')).toHaveAttribute('type', 'password')
  await expect(page.getByLabel('Load tools on demand')).not.toBeChecked()
  await snap(page, testInfo, '01-add-server')
  await page.getByTestId('mcp-save').click()

  const row = page.getByTestId(`mcp-server-row-${SERVER_ID}`)
  await expect(row).toBeVisible()
  await expect(row).toContainText('node examples/mcp-servers/research-assistant.mjs')
  await expect(row.getByTestId('mcp-transport')).toHaveText('stdio')
  await expect(row.getByTestId('mcp-on-demand')).toHaveCount(0)
  await expect(page.getByTestId('mcp-server-form')).toHaveCount(0)

  // 2. Test the connection: the server's tools are listed.
  await page.getByTestId(`mcp-test-${SERVER_ID}`).click()
  const result = row.getByTestId('mcp-test-result')
  await expect(result).toHaveAttribute('data-status', 'ok')
  await expect(result).toContainText('summarize_topic')
  await expect(result).toContainText('word_count')
  await snap(page, testInfo, '02-tested')

  // 3. The secret is never shown: not on the page, not when editing, not in any API answer.
  await expectNoSecret(page)
  await page.getByTestId(`mcp-edit-${SERVER_ID}`).click()
  await expect(page.getByTestId('mcp-field-env-name-0')).toHaveValue('API_KEY')
  const value = page.getByTestId('mcp-field-env-value-0')
  await expect(value).toHaveValue('')
  await expect(value).toHaveAttribute('placeholder', 'set — leave empty to keep')
  await expectNoSecret(page)
  await snap(page, testInfo, '03-edit-keeps-secret-hidden')
  // Saving without touching the value keeps the secret: the server still starts and lists its tools.
  await page.getByTestId('mcp-field-description').fill('Added by the end-to-end test')
  await page.getByTestId('mcp-save').click()
  await expect(row).toContainText('Added by the end-to-end test')
  await expectNoSecret(page)

  // 4. Have its tools loaded on demand: the setting outlives a reload, in the list and in the form.
  await page.getByTestId(`mcp-edit-${SERVER_ID}`).click()
  await page.getByLabel('Load tools on demand').check()
  await page.getByTestId('mcp-save').click()
  await expect(page.getByTestId('mcp-server-form')).toHaveCount(0)
  await page.reload()
  await expect(row.getByTestId('mcp-on-demand')).toHaveText('on demand')
  await page.getByTestId(`mcp-edit-${SERVER_ID}`).click()
  await expect(page.getByLabel('Load tools on demand')).toBeChecked()
  await snap(page, testInfo, '04-tools-on-demand')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('mcp-server-form')).toHaveCount(0)
  // "Test connection" still lists the server's own tools, not the loaders an agent sees.
  await page.getByTestId(`mcp-test-${SERVER_ID}`).click()
  await expect(result).toHaveAttribute('data-status', 'ok')
  await expect(result).toContainText('word_count')
  await expectNoSecret(page)

  // 5. Share one connection across runs instead: not together with on demand, so that box is off first.
  await page.getByTestId(`mcp-edit-${SERVER_ID}`).click()
  const share = page.getByLabel('Share one connection across runs')
  await expect(share).toBeDisabled()
  await page.getByLabel('Load tools on demand').uncheck()
  await share.check()
  await expect(page.getByLabel('Load tools on demand')).toBeDisabled()
  await page.getByTestId('mcp-save').click()
  await expect(page.getByTestId('mcp-server-form')).toHaveCount(0)
  await page.reload()
  await expect(row.getByTestId('mcp-shared')).toHaveText('shared')
  await expect(row.getByTestId('mcp-on-demand')).toHaveCount(0)
  await page.getByTestId(`mcp-edit-${SERVER_ID}`).click()
  await expect(share).toBeChecked()
  await snap(page, testInfo, '05-shared-connection')
  await page.getByRole('button', { name: 'Cancel' }).click()

  // 6. Delete it: no workflow uses it, so no warning.
  await page.getByTestId(`mcp-delete-${SERVER_ID}`).click()
  await expect(page.getByText('No saved workflow uses this server.')).toBeVisible()
  await page.getByTestId('mcp-delete-confirm').click()
  await expect(row).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('mcp-server-list')).toBeVisible()
  await expect(page.getByTestId(`mcp-server-row-${SERVER_ID}`)).toHaveCount(0)
})

test('deleting a server a workflow uses warns first, naming the workflow', async ({ page }) => {
  await page.goto('/mcp-servers')
  await page.getByTestId('mcp-delete-research-assistant').click()
  const warning = page.getByTestId('mcp-delete-warning')
  await expect(warning).toContainText('Research assistant')
  await expect(warning).toContainText('not found')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('mcp-server-row-research-assistant')).toBeVisible()
})

test('import a tool-server manifest: problems are listed, servers are added with their headers kept secret', async ({ page }) => {
  const token = 'e2e-manifest-token-51d0'
  await page.goto('/mcp-servers')
  await page.getByTestId('mcp-import').click()
  await page.getByTestId('mcp-field-manifest').fill('{"mcpServers": [{"mcpServerName": "No URL"}]}')
  await page.getByTestId('mcp-import-submit').click()
  await expect(page.getByTestId('mcp-error')).toContainText('mcpServers[0]')

  const manifest = {
    mcpServers: [
      { mcpServerName: 'E2E mail', mcpServerUniqueName: 'e2e_mail', url: 'https://tools.example.com/mail', headers: { Authorization: `Bearer ${token}` } },
    ],
  }
  await page.getByTestId('mcp-field-manifest').fill(JSON.stringify(manifest))
  await page.getByTestId('mcp-import-submit').click()
  await expect(page.getByTestId('mcp-import-result')).toContainText('Added e2e_mail')
  await page.getByRole('button', { name: 'Close' }).click()

  const row = page.getByTestId('mcp-server-row-e2e_mail')
  await expect(row.getByTestId('mcp-transport')).toHaveText('Streamable HTTP')
  await expect(row).toContainText('https://tools.example.com/mail')
  await page.getByTestId('mcp-edit-e2e_mail').click()
  await expect(page.getByTestId('mcp-field-headers-name-0')).toHaveValue('Authorization')
  await expect(page.getByTestId('mcp-field-headers-value-0')).toHaveValue('')
  expect(await page.content()).not.toContain(token)
  await page.getByRole('button', { name: 'Cancel' }).click()

  await page.getByTestId('mcp-delete-e2e_mail').click()
  await page.getByTestId('mcp-delete-confirm').click()
  await expect(row).toHaveCount(0)
})
