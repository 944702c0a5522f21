/**
 * Every MCP setting as a person uses it: Test connection shows each tool's parameters and whether
 * it runs as a task; the settings dialog saves allowed tools, extra argument names (with a preview
 * of what a call forwards), the sampling policy and task options, and shows them again after a
 * reload; a desktop client's {"mcpServers": …} file is previewed and imported; and a server's
 * elicitation form is filled in and submitted in the browser during a run. Servers and workflows
 * are set up through the API; the rest is the browser.
 */
import { expect, test } from './fixtures/test'
import { snap } from './fixtures/page'

test('test connection lists parameters; each setting is saved and shown again after a reload', async ({ page }, testInfo) => {
  const created = await page.request.post('/api/mcp-servers', {
    data: { id: 'e2e-settings', name: 'E2E settings', transport: 'stdio', config: { command: 'node', args: ['lib/core/mcp/__fixtures__/task-server.mjs'] } },
  })
  expect(created.ok()).toBe(true)
  await page.goto('/mcp-servers')
  const row = page.getByTestId('mcp-server-row-e2e-settings')

  // 1. Test connection: each tool collapses to its name; opened, its parameters and that it runs as a task.
  await row.getByTestId('mcp-test-e2e-settings').click()
  await expect(row.getByTestId('mcp-test-result')).toHaveAttribute('data-status', 'ok')
  const report = row.locator('[data-testid="mcp-test-tool"][data-tool="slow_report"]')
  await expect(report.getByTestId('mcp-tool-task')).toHaveText('runs as a task')
  await expect(report.getByTestId('mcp-tool-parameters')).toBeHidden()
  await report.locator('summary').click()
  await expect(report.locator('[data-parameter="label"]')).toContainText('string')
  await expect(report.locator('[data-parameter="label"]')).toContainText('required')
  await expect(report.locator('[data-parameter="outcome"]')).toContainText('"ok" | "fail" | "error"')
  await expect(report.locator('[data-parameter="outcome"]')).toContainText('optional')
  await snap(page, testInfo, '01-parameters')

  // 2. Settings: allowed tools, extra argument names with a preview, sampling policy, task options.
  await row.getByTestId('mcp-settings-e2e-settings').click()
  const dialog = page.getByTestId('mcp-settings')
  await dialog.getByTestId('mcp-settings-load-tools').click()
  await dialog.getByTestId('mcp-settings-some-tools').check()
  await dialog.getByTestId('mcp-settings-allow-slow_report').check()
  await dialog.getByTestId('mcp-settings-allow-plain_echo').check()
  await expect(dialog.getByTestId('mcp-settings-allow-maybe_task')).not.toBeChecked()
  await dialog.getByTestId('mcp-settings-global-args').fill('trace_id')
  await dialog.getByTestId('mcp-settings-tool-args-plain_echo').fill('locale')
  await dialog.getByTestId('mcp-settings-preview-tool').selectOption('plain_echo')
  await dialog.getByTestId('mcp-settings-preview-args').fill('text, trace_id, locale, other')
  await expect(dialog.getByTestId('mcp-settings-preview-forwarded')).toHaveText('text, trace_id, locale')
  await expect(dialog.getByTestId('mcp-settings-preview-dropped')).toHaveText('other')
  await dialog.getByTestId('mcp-settings-sampling-mode').selectOption('auto')
  await dialog.getByTestId('mcp-settings-max-tokens').fill('99999')
  await dialog.getByTestId('mcp-settings-max-requests').fill('2')
  await dialog.getByTestId('mcp-settings-beyond-caps').selectOption('deny')
  await dialog.getByTestId('mcp-settings-ttl').fill('45')
  await dialog.getByTestId('mcp-settings-poll').fill('1')
  await dialog.getByTestId('mcp-settings-max-wait').fill('600')
  await dialog.getByTestId('mcp-settings-save').click()
  // A cap beyond the client's is refused under its field before anything is sent.
  await expect(dialog.getByText('At most 4096 tokens.')).toBeVisible()
  await dialog.getByTestId('mcp-settings-max-tokens').fill('300')
  await snap(page, testInfo, '02-settings')
  await dialog.getByTestId('mcp-settings-save').click()
  await expect(dialog).toHaveCount(0)

  // 3. After a reload the dialog shows what was saved.
  await page.reload()
  await page.getByTestId('mcp-settings-e2e-settings').click()
  await expect(dialog.getByTestId('mcp-settings-some-tools')).toBeChecked()
  await expect(dialog.getByTestId('mcp-settings-allow-slow_report')).toBeChecked()
  await expect(dialog.getByTestId('mcp-settings-allow-plain_echo')).toBeChecked()
  await expect(dialog.getByTestId('mcp-settings-global-args')).toHaveValue('trace_id')
  await expect(dialog.getByTestId('mcp-settings-tool-args-plain_echo')).toHaveValue('locale')
  await expect(dialog.getByTestId('mcp-settings-sampling-mode')).toHaveValue('auto')
  await expect(dialog.getByTestId('mcp-settings-max-tokens')).toHaveValue('300')
  await expect(dialog.getByTestId('mcp-settings-max-requests')).toHaveValue('2')
  await expect(dialog.getByTestId('mcp-settings-beyond-caps')).toHaveValue('deny')
  await expect(dialog.getByTestId('mcp-settings-ttl')).toHaveValue('45')
  await expect(dialog.getByTestId('mcp-settings-poll')).toHaveValue('1')
  await expect(dialog.getByTestId('mcp-settings-max-wait')).toHaveValue('600')
  await snap(page, testInfo, '03-after-reload')
})

test('import a desktop client {"mcpServers": …} file: preview with problems, then the servers are added', async ({ page }, testInfo) => {
  const token = 'e2e-desktop-token-0c4e'
  const config = {
    mcpServers: {
      'e2e-desktop-files': { command: 'node', args: ['files.mjs'], env: { FILES_KEY: 'e2e-env-value-93ab' } },
      'e2e-desktop-remote': { type: 'http', url: 'https://tools.example.com/remote', headers: { Authorization: `Bearer ${token}` } },
      'e2e-desktop-old': { type: 'sse', url: 'https://tools.example.com/sse' },
    },
  }
  await page.goto('/mcp-servers')
  await page.getByTestId('mcp-import').click()
  await page
    .getByTestId('mcp-import-file')
    .setInputFiles({ name: 'claude_desktop_config.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(config)) })
  await expect(page.getByTestId('mcp-field-manifest')).toHaveValue(/e2e-desktop-files/)
  await page.getByTestId('mcp-import-preview-button').click()
  const entries = page.getByTestId('mcp-import-entry')
  await expect(entries).toHaveCount(3)
  await expect(page.locator('[data-testid="mcp-import-entry"][data-id="e2e-desktop-files"]')).toContainText('Kept secret: FILES_KEY')
  await expect(page.locator('[data-testid="mcp-import-entry"][data-id="e2e-desktop-remote"]')).toContainText('Kept secret: Authorization')
  const old = page.locator('[data-testid="mcp-import-entry"][data-id="e2e-desktop-old"]')
  await expect(old).toHaveAttribute('data-ok', 'false')
  await expect(old).toContainText('SSE transport, which is not supported')
  // The text box holds the person's own file; what the server answered about it names no secret.
  expect(await page.getByTestId('mcp-import-preview').innerHTML()).not.toContain(token)
  await snap(page, testInfo, '04-import-preview')
  // The import refuses a document with problems, listing them.
  await page.getByTestId('mcp-import-submit').click()
  await expect(page.getByTestId('mcp-error')).toContainText('mcpServers.e2e-desktop-old')

  const { 'e2e-desktop-old': _dropped, ...fixed } = config.mcpServers
  await page
    .getByTestId('mcp-import-file')
    .setInputFiles({ name: 'fixed.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ mcpServers: fixed })) })
  await page.getByTestId('mcp-import-submit').click()
  await expect(page.getByTestId('mcp-import-result')).toContainText('Added e2e-desktop-files, e2e-desktop-remote')
  await page.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByTestId('mcp-server-row-e2e-desktop-files')).toContainText('node files.mjs')
  await expect(page.getByTestId('mcp-server-row-e2e-desktop-remote').getByTestId('mcp-transport')).toHaveText('Streamable HTTP')
  expect(await page.content()).not.toContain(token)
})

test('an MCP elicitation form is filled in and submitted in the browser during a run', async ({ page }, testInfo) => {
  const api = page.request
  const server = await api.post('/api/mcp-servers', {
    data: { id: 'e2e-asker', name: 'E2E asker', transport: 'stdio', config: { command: 'node', args: ['lib/core/mcp/__fixtures__/sampling-server.mjs'] } },
  })
  expect(server.ok()).toBe(true)
  const graph = {
    schemaVersion: 1,
    nodes: [
      { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
      {
        id: 'agent',
        kind: 'agent',
        position: { x: 250, y: 0 },
        data: { name: 'Deployer', model: { provider: 'demo' }, mcpServerIds: ['e2e-asker'], toolApprovalMode: 'never_require' },
      },
      { id: 'output', kind: 'output', position: { x: 500, y: 0 }, data: {} },
    ],
    edges: [
      { id: 'start->agent', source: 'start', target: 'agent' },
      { id: 'agent->output', source: 'agent', target: 'output' },
    ],
  }
  const workflow = await api.post('/api/workflows', { data: { name: 'E2E elicitation', graph } })
  expect(workflow.ok()).toBe(true)
  const workflowId = ((await workflow.json()) as { workflow: { id: string } }).workflow.id
  const started = await api.post('/api/runs', { data: { workflowId, input: '/call e2e-asker_confirm {"action":"deploy"}' } })
  expect(started.ok()).toBe(true)
  const runId = ((await started.json()) as { run: { id: string } }).run.id

  await page.goto(`/runs/${runId}`)
  const card = page.getByTestId('approval-card')
  await expect(card.getByTestId('elicitation-form')).toBeVisible()
  await expect(card).toContainText('Allow deploy?')
  await card.getByTestId('elicitation-allow').check()
  await snap(page, testInfo, '05-elicitation-form')
  await card.getByTestId('approval-approve').click()
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'succeeded')
  await expect(page.getByTestId('run-output')).toContainText('"allow":true')
  await snap(page, testInfo, '06-elicitation-answered')
})
