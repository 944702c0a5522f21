/**
 * A workspace owner routes its approvals to a chat webhook: a loopback HTTP receiver started here stands in for
 * Slack (the e2e server's outbound allow-list opens loopback, scripts/e2e-server.mjs). The owner saves the URL, which
 * the page then shows only as "configured for <host>" (never the URL, not even after a reload), sends a test message
 * the receiver gets, sets an escalation delay, and a run of the workspace that asks a person is posted to the
 * receiver with a link to the inbox. That link opens the inbox at the approval's card (in view, focused; widened to
 * every workspace when the card is of another), or says why it cannot; and an approval escalated to the owners shows
 * as escalated on its run's page, live (to its owner and to a viewer of the workspace who answers nothing, through the
 * run's own events) and after a reload (the escalation job is run now instead of in a minute).
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { runQueuedJobNow } from './fixtures/database'
import { straightGraph } from './fixtures/graphs'
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from './fixtures/test'

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

const ASKING = straightGraph({ id: 'ask', kind: 'human_input', data: { label: 'Release sign-off', prompt: 'Ship it?' } })

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true)
  return (await response.json()) as T
}

async function newWorkspace(request: APIRequestContext, name: string): Promise<string> {
  return (await json<{ workspace: { id: string } }>(await request.post('/api/workspaces', { data: { name: `${name} ${Date.now()}` } }))).workspace.id
}

async function askingWorkflow(request: APIRequestContext, name: string, workspaceId?: string): Promise<string> {
  return (await json<{ workflow: { id: string } }>(await request.post('/api/workflows', { data: { name, workspaceId, graph: ASKING } }))).workflow.id
}

/** Starts a run of the workflow and returns it with the approval it raised, once raised. */
async function runAsking(request: APIRequestContext, workflowId: string): Promise<{ runId: string; approvalId: string }> {
  const { run } = await json<{ run: { id: string } }>(await request.post('/api/runs', { data: { workflowId, input: 'v1.2' } }))
  const pendingOfRun = async () =>
    (await json<{ approvals: Array<{ id: string }> }>(await request.get(`/api/approvals?status=pending&runId=${run.id}`))).approvals[0]?.id
  await expect.poll(pendingOfRun).toBeDefined()
  return { runId: run.id, approvalId: (await pendingOfRun())! }
}

/** Follows a link to the inbox at an approval, as from a chat message: a fresh page load. */
async function openInboxAt(page: Page, approvalId: string) {
  await page.goto('about:blank')
  await page.goto(`/approvals#approval-${approvalId}`)
}

test.afterAll(async () => {
  receiver.closeAllConnections()
  await new Promise<void>((resolve) => receiver.close(() => resolve()))
})

// These specs leave approvals waiting in several workspaces; the specs after them on this server count what waits
// (the inbox, the badge), so each test answers what it left.
test.afterEach(async ({ page }) => {
  const { approvals } = await json<{ approvals: Array<{ id: string }> }>(await page.request.get('/api/approvals?status=pending'))
  for (const { id } of approvals) await page.request.post(`/api/approvals/${id}`, { data: { decision: 'deny', reason: 'Test over.' } })
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

  // Approvals expire after two minutes on the test server (playwright.config.ts): a longer delay would never fire.
  await expect(page.getByTestId('approval-timeout-hint')).toHaveText('Approvals on this server expire after 2 minutes, so the delay must be shorter.')
  await page.getByLabel('Escalate after (minutes)').fill('15')
  await page.getByRole('button', { name: 'Save delay' }).click()
  await expect(page.getByText('an escalation after 15 minutes would never be sent: choose a shorter delay.')).toBeVisible()
  await page.getByLabel('Escalate after (minutes)').fill('1')
  await page.getByRole('button', { name: 'Save delay' }).click()
  await expect(page.getByText('Approvals waiting 1 min are escalated to the owners.')).toBeVisible()

  // After a reload: still only the host, the delay kept.
  await page.reload()
  await expect(page.getByTestId('approval-webhook-status')).toHaveText('Configured for 127.0.0.1')
  await expect(page.getByLabel('Escalate after (minutes)')).toHaveValue('1')
  expect(await page.content()).not.toContain(SECRET)
  // Off again: the run below waits, and an escalation a minute later would reach specs that run after this one.
  expect((await page.request.put(`/api/workspaces/${workspaceId}/approval-routing`, { data: { escalationMinutes: null } })).ok()).toBe(true)

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

test('a link to an approval opens the inbox at its card, also in another workspace; an answered or unknown one is said so', async ({ page }) => {
  const mine = await askingWorkflow(page.request, 'Linked sign-off')
  const asked = []
  for (let n = 0; n < 3; n++) asked.push((await runAsking(page.request, mine)).approvalId)
  const elsewhere = await runAsking(page.request, await askingWorkflow(page.request, 'Team sign-off', await newWorkspace(page.request, 'Linked team')))

  // The second of three: in view and focused once the cards have loaded, not merely at the top of the list.
  await openInboxAt(page, asked[1]!)
  const second = page.locator(`#approval-${asked[1]}`)
  await expect(second).toBeFocused()
  await expect(second).toBeInViewport()
  // Marked as the keyboard's place for as long as it has the focus, after the ring has faded too.
  await expect(second).toHaveCSS('outline-style', 'solid')
  await expect(page.getByTestId('approval-anchor-notice')).toHaveCount(0)

  // The hash changing while the inbox is open moves to that card.
  await page.evaluate((id) => (window.location.hash = `approval-${id}`), asked[2]!)
  await expect(page.locator(`#approval-${asked[2]}`)).toBeFocused()
  await expect(page.locator(`#approval-${asked[2]}`)).toBeInViewport()

  // One of another workspace than the current one: the inbox widens to all of them to show it.
  await openInboxAt(page, elsewhere.approvalId)
  await expect(page.getByTestId('workspace-scope-all')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.locator(`#approval-${elsewhere.approvalId}`)).toBeFocused()
  await expect(page.locator(`#approval-${elsewhere.approvalId}`)).toBeInViewport()

  // Answered meanwhile, or never one of theirs: a notice says so above the list.
  await json(await page.request.post(`/api/approvals/${asked[0]}`, { data: { decision: 'deny', reason: 'Not this one.' } }))
  await openInboxAt(page, asked[0]!)
  await expect(page.getByTestId('approval-anchor-notice')).toHaveAttribute('data-notice', 'answered')
  await expect(page.getByTestId('approval-anchor-notice')).toHaveText('The approval this link points to was already answered.')
  await expect(page.locator(`#approval-${asked[0]}`)).toHaveCount(0)
  await openInboxAt(page, '00000000-0000-4000-8000-000000000000')
  await expect(page.getByTestId('approval-anchor-notice')).toHaveAttribute('data-notice', 'unknown')
  await expect(page.getByTestId('approval-card').first()).toBeVisible()
})

test('an approval escalated to the owners shows as escalated on its run’s page, live for everyone following it and after a reload', async ({
  page,
  server,
  browser,
  baseURL,
  playwright,
}) => {
  const workspaceId = await newWorkspace(page.request, 'Escalating')
  await json(await page.request.put(`/api/workspaces/${workspaceId}/approval-routing`, { data: { escalationMinutes: 1 } }))
  // A colleague who follows the team's runs but answers nothing: a viewer, not an approver (no inbox stream tells them).
  const outside = await playwright.request.newContext({ baseURL })
  const colleague = await memberAccount(page.request, outside)
  await outside.dispose()
  await json(await page.request.post(`/api/workspaces/${workspaceId}/members`, { data: { email: colleague.email, role: 'viewer', approver: false } }))
  const { runId, approvalId } = await runAsking(page.request, await askingWorkflow(page.request, 'Escalating sign-off', workspaceId))

  // Both pages follow the run before the escalation: what they show next, they learnt live, from the run's events.
  const viewer = await signedIn(browser, baseURL, colleague)
  const cards: Locator[] = []
  for (const each of [page, viewer]) {
    await each.goto(`/runs/${runId}`)
    await expect(each.getByTestId('run-connection')).toHaveText('Live')
    const card = each.locator(`[data-testid="approval-card"][data-approval-id="${approvalId}"]`)
    await expect(card).toBeVisible()
    await expect(card.getByTestId('approval-escalated')).toHaveCount(0)
    cards.push(card)
  }

  // The escalation job, due in a minute, runs now; its run event reaches both pages.
  await runQueuedJobNow(server, `approval-escalate:${approvalId}`)
  for (const card of cards) await expect(card.getByTestId('approval-escalated')).toHaveText('Escalated to owners')
  await expect(viewer.getByTestId('run-timeline').getByText('Question escalated to the workspace’s owners')).toBeVisible()

  await page.reload()
  await expect(cards[0]!.getByTestId('approval-escalated')).toHaveText('Escalated to owners')
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'waiting')
  await viewer.context().close()
})

/** A member account made through an admin's invitation, accepted by its person outside any browser. */
async function memberAccount(admin: APIRequestContext, accept: APIRequestContext) {
  const person = { name: 'Vic Viewer', email: `vic-${randomBytes(4).toString('hex')}@example.test`, password: 'vic-e2e-password' }
  const { link } = await json<{ link: string }>(await admin.post('/api/admin/invitations', { data: { email: person.email, role: 'member' } }))
  const token = new URL(link, 'http://x').searchParams.get('token') ?? ''
  await json(await accept.post(`/api/invitations/${token}`, { data: { name: person.name, password: person.password } }))
  return person
}

/** Signs the person in, in a browser of their own. */
async function signedIn(browser: Browser, baseURL: string | undefined, person: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, storageState: undefined })).newPage()
  await page.goto('/sign-in')
  await page.getByTestId('sign-in-email').fill(person.email)
  await page.getByTestId('sign-in-password').fill(person.password)
  await page.getByTestId('sign-in-submit').click()
  await expect(page).not.toHaveURL(/\/sign-in/)
  return page
}
