/**
 * A workspace owner routes its approvals to a chat webhook: a loopback HTTP receiver started here stands in for
 * Slack (the e2e server's outbound allow-list opens loopback, scripts/e2e-server.mjs). The owner saves the URL, which
 * the page then shows only as "configured for <host>" (never the URL, not even after a reload), sends a test message
 * the receiver gets, sets an escalation delay, and a run of the workspace that asks a person is posted to the
 * receiver with a link to the inbox.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { straightGraph } from './fixtures/graphs'
import { expect, test } from './fixtures/test'

const SECRET = 'T0E2E/B0E2E/e2eWebhookSecret'

let receiver: Server
let hookUrl: string
const received: Array<{ path: string; text: string }> = []

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      let text = ''
      try {
        text = (JSON.parse(body) as { text?: string }).text ?? ''
      } catch {
        // Recorded as empty: the assertions then fail on what they look for.
      }
      received.push({ path: request.url ?? '', text })
      response.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/services/${SECRET}`
})

test.afterAll(async () => {
  receiver.closeAllConnections()
  await new Promise<void>((resolve) => receiver.close(() => resolve()))
})

test('an owner routes approvals to a chat webhook: the URL is never shown again, the test message and a run’s approval arrive', async ({ page }) => {
  const made = await page.request.post('/api/workspaces', { data: { name: `Routing ${Date.now()}` } })
  expect(made.status()).toBe(201)
  const workspaceId = ((await made.json()) as { workspace: { id: string } }).workspace.id

  await page.goto(`/workspaces/${workspaceId}/approval-routing`)
  await expect(page.getByRole('heading', { name: 'Approval routing' })).toBeVisible()
  await expect(page.getByTestId('approval-webhook-status')).toHaveText(/No webhook/)

  await page.getByLabel('Incoming-webhook URL').fill(hookUrl)
  await page.getByRole('button', { name: 'Save webhook' }).click()
  await expect(page.getByTestId('approval-webhook-status')).toHaveText('Configured for 127.0.0.1')
  await expect(page.getByLabel('Incoming-webhook URL')).toHaveCount(0)
  expect(await page.content()).not.toContain(SECRET)

  await page.getByRole('button', { name: 'Send a test message' }).click()
  const result = page.getByTestId('approval-webhook-test-result')
  await expect(result).toHaveAttribute('data-outcome', 'delivered')
  await expect(result).toContainText('The webhook at 127.0.0.1 took the test message.')
  await expect.poll(() => received.filter((each) => each.text.startsWith('Test message from Agentloom')).length).toBe(1)
  expect(received[0]!.path).toBe(`/services/${SECRET}`)

  await page.getByLabel('Escalate after (minutes)').fill('15')
  await page.getByRole('button', { name: 'Save delay' }).click()
  await expect(page.getByText('Approvals waiting 15 min are escalated to the owners.')).toBeVisible()

  // After a reload: still only the host, the delay kept.
  await page.reload()
  await expect(page.getByTestId('approval-webhook-status')).toHaveText('Configured for 127.0.0.1')
  await expect(page.getByLabel('Escalate after (minutes)')).toHaveValue('15')
  expect(await page.content()).not.toContain(SECRET)

  // A run of the workspace that asks a person: the chat is told, with a link to the inbox.
  const created = await page.request.post('/api/workflows', {
    data: {
      name: 'Routed sign-off',
      workspaceId,
      graph: straightGraph({ id: 'ask', kind: 'human_input', data: { label: 'Release sign-off', prompt: 'Ship it?' } }),
    },
  })
  expect(created.status()).toBe(201)
  const workflowId = ((await created.json()) as { workflow: { id: string } }).workflow.id
  expect((await page.request.post('/api/runs', { data: { workflowId, input: 'v1.2' } })).ok()).toBe(true)
  await expect
    .poll(() => received.find((each) => each.text.includes('Routed sign-off'))?.text ?? '')
    .toMatch(/a run of "Routed sign-off"\)\n<http.*\/approvals#approval-[0-9a-f-]+\|Answer it in Agentloom>$/)
})
