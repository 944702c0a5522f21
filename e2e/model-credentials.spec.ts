/**
 * Model credentials as a person uses them (issue #32): add one in the workspace's settings pointing at an
 * OpenAI-compatible server (a loopback one started here stands in for vLLM or a gateway; the e2e server's outbound
 * allow-list opens loopback), choose it on an agent, pick the model from the list the server answers with that key,
 * and chat once: the server is sent the credential's key, and the page never shows it. An Azure OpenAI credential is
 * added with its endpoint and API version (the same loopback server answers Azure's deployment path), chosen on an
 * agent that names its deployment, and chatted with: the key goes in `api-key`, and the page never shows it.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { snap } from './fixtures/page'
import { expect, test, type Page } from './fixtures/test'

const KEY = `sk-e2e-credential-${randomBytes(8).toString('hex')}`
const AZURE_KEY = `azure-e2e-credential-${randomBytes(8).toString('hex')}`
const REPLY = 'Hello from the loopback model.'

interface Seen {
  path: string
  authorization: string | undefined
  /** Azure OpenAI's key header. */
  apiKey?: string
  apiVersion?: string | null
  model?: string
}

/**
 * A small OpenAI-compatible server: GET /v1/models, and POST /v1/chat/completions or Azure's
 * /openai/deployments/<deployment>/chat/completions (JSON or SSE), recording what it is sent.
 */
function startModelServer(): Promise<{ server: Server; baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = []
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model?: string; stream?: boolean }) : {}
    const url = new URL(request.url ?? '/', 'http://loopback')
    const path = url.pathname
    const apiKey = request.headers['api-key']
    seen.push({
      path,
      authorization: request.headers.authorization,
      apiKey: typeof apiKey === 'string' ? apiKey : undefined,
      apiVersion: url.searchParams.get('api-version'),
      model: body.model,
    })
    if (request.method === 'GET' && path === '/v1/models') {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ object: 'list', data: ['loop-small', 'loop-large'].map((id) => ({ id, object: 'model', created: 0, owned_by: 'e2e' })) }))
      return
    }
    if (request.method === 'POST' && (path === '/v1/chat/completions' || /^\/openai\/deployments\/[^/]+\/chat\/completions$/.test(path))) {
      const model = body.model ?? 'loop-small'
      const usage = { prompt_tokens: 7, completion_tokens: 5, total_tokens: 12 }
      if (!body.stream) {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(
          JSON.stringify({
            id: 'chatcmpl-e2e',
            object: 'chat.completion',
            created: 0,
            model,
            choices: [{ index: 0, message: { role: 'assistant', content: REPLY }, finish_reason: 'stop' }],
            usage,
          }),
        )
        return
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      const chunk = (delta: object, finish: string | null, extra: object = {}) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-e2e', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`
      response.write(chunk({ role: 'assistant', content: REPLY }, null))
      response.write(chunk({}, 'stop'))
      response.write(`data: ${JSON.stringify({ id: 'chatcmpl-e2e', object: 'chat.completion.chunk', created: 0, model, choices: [], usage })}\n\n`)
      response.end('data: [DONE]\n\n')
      return
    }
    response.writeHead(404, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ error: { message: `no ${path}` } }))
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve({ server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen }))
  })
}

let model: Awaited<ReturnType<typeof startModelServer>>

test.beforeAll(async () => {
  model = await startModelServer()
})
test.afterAll(async () => {
  model?.server.closeAllConnections()
  await new Promise<void>((resolve) => (model ? model.server.close(() => resolve()) : resolve()))
})

async function send(page: Page, text: string) {
  const box = page.getByLabel('Message')
  await expect(box).toBeEditable()
  await box.fill(text)
  await box.press('Enter')
}

test('add a credential, choose it and a listed model on an agent, and chat with it', async ({ page }, testInfo) => {
  // An agent first: its workspace is where the credential goes.
  await page.goto('/agents')
  await page.getByTestId('new-agent-name').fill('E2E credentialed')
  await page.getByTestId('create-agent').click()
  await expect(page).toHaveURL(/\/agents\/[0-9a-f-]+$/)
  const agentId = page.url().split('/').pop()!
  const agent = (await (await page.request.get(`/api/agents/${agentId}`)).json()) as { agent: { workspaceId: string } }
  const workspaceId = agent.agent.workspaceId

  // 1. The credential, in the workspace's settings.
  await page.goto(`/workspaces/${workspaceId}/credentials`)
  await page.getByTestId('credential-name').fill('Loopback gateway')
  await page.getByTestId('credential-provider').selectOption('openai_chat')
  await page.getByTestId('credential-key').fill(KEY)
  await page.getByTestId('credential-base-url').fill(model.baseUrl)
  await page.getByTestId('add-credential').click()
  const row = page.getByTestId('credential-row').filter({ hasText: 'Loopback gateway' })
  await expect(row).toContainText(`…${KEY.slice(-4)}`)
  await expect(row).toContainText(model.baseUrl)
  await expect(page.getByTestId('credential-key')).toHaveValue('')
  expect(await page.content()).not.toContain(KEY)
  await snap(page, testInfo, '01-credential-added')

  // 2. The agent chooses it; the model list is asked with its key.
  await page.goto(`/agents/${agentId}`)
  const credentialSelect = page.getByTestId('inspector-agent-credentialId')
  await expect(credentialSelect.locator('option', { hasText: 'Loopback gateway' })).toHaveCount(1)
  await credentialSelect.selectOption({ label: 'Loopback gateway · OpenAI-compatible (Chat Completions)' })
  await expect(page.getByTestId('inspector-agent-provider')).toHaveValue('openai_chat')
  await expect(page.getByTestId('inspector-agent-baseUrl')).toBeHidden()
  await page.getByTestId('inspector-agent-model').focus()
  await expect(page.getByTestId('inspector-agent-model-options').locator('option')).toHaveCount(2)
  await expect(page.getByTestId('inspector-agent-model-options').locator('option').nth(1)).toHaveAttribute('value', 'loop-large')
  expect(model.seen.find((request) => request.path === '/v1/models')?.authorization).toBe(`Bearer ${KEY}`)
  await page.getByTestId('inspector-agent-model').fill('loop-large')
  await page.getByTestId('save-version').click()
  await expect(page.getByTestId('version-saved')).toBeVisible()
  await snap(page, testInfo, '02-agent-uses-credential')

  // 3. One chat turn: answered by the loopback model, which was sent the credential's key.
  await page.getByTestId('agent-chat').click()
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(page).toHaveURL(/\?c=[0-9a-f-]+$/)
  await send(page, 'Hello?')
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText(REPLY)
  const chat = model.seen.filter((request) => request.path === '/v1/chat/completions')
  expect(chat.length).toBeGreaterThan(0)
  expect(chat.every((request) => request.authorization === `Bearer ${KEY}` && request.model === 'loop-large')).toBe(true)
  expect(await page.content()).not.toContain(KEY)
  await snap(page, testInfo, '03-chat')
})

test('add an Azure OpenAI credential with its endpoint and API version, and chat with a deployment through it', async ({ page }, testInfo) => {
  await page.goto('/agents')
  await page.getByTestId('new-agent-name').fill('E2E on Azure')
  await page.getByTestId('create-agent').click()
  await expect(page).toHaveURL(/\/agents\/[0-9a-f-]+$/)
  const agentId = page.url().split('/').pop()!
  const agent = (await (await page.request.get(`/api/agents/${agentId}`)).json()) as { agent: { workspaceId: string } }
  const endpoint = `${new URL(model.baseUrl).origin}/`

  // 1. Azure asks for an endpoint and an API version instead of a base URL.
  await page.goto(`/workspaces/${agent.agent.workspaceId}/credentials`)
  await page.getByTestId('credential-provider').selectOption('azure_openai')
  await expect(page.getByTestId('credential-base-url')).toBeHidden()
  await expect(page.getByTestId('credential-api-version')).toHaveValue('2024-10-21')
  await page.getByTestId('credential-name').fill('Azure team')
  await page.getByTestId('credential-key').fill(AZURE_KEY)
  await expect(page.getByTestId('add-credential')).toBeDisabled()
  await page.getByTestId('credential-endpoint').fill(endpoint)
  await page.getByTestId('add-credential').click()
  const row = page.getByTestId('credential-row').filter({ hasText: 'Azure team' })
  await expect(row).toContainText('Azure OpenAI')
  await expect(row).toContainText(`…${AZURE_KEY.slice(-4)}`)
  await expect(row.getByTestId('credential-endpoint-shown')).toHaveText(`${endpoint} · api-version 2024-10-21`)
  await expect(page.getByTestId('credential-key')).toHaveValue('')
  expect(await page.content()).not.toContain(AZURE_KEY)
  await snap(page, testInfo, '04-azure-credential-added')

  // 2. The agent chooses it and names its deployment.
  await page.goto(`/agents/${agentId}`)
  await page.getByTestId('inspector-agent-credentialId').selectOption({ label: 'Azure team · Azure OpenAI' })
  await expect(page.getByTestId('inspector-agent-provider')).toHaveValue('azure_openai')
  const deployment = page.getByTestId('inspector-agent-model')
  await expect(deployment).toHaveAttribute('placeholder', 'Deployment name')
  await deployment.fill('team-gpt-4o')
  await page.getByTestId('save-version').click()
  await expect(page.getByTestId('version-saved')).toBeVisible()

  // 3. One chat turn, sent to the deployment's path with the key in api-key.
  await page.getByTestId('agent-chat').click()
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(page).toHaveURL(/\?c=[0-9a-f-]+$/)
  await send(page, 'Hello, Azure?')
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText(REPLY)
  const sent = model.seen.filter((request) => request.path === '/openai/deployments/team-gpt-4o/chat/completions')
  expect(sent.length).toBeGreaterThan(0)
  expect(sent.every((request) => request.apiKey === AZURE_KEY && request.apiVersion === '2024-10-21' && request.authorization === undefined)).toBe(true)
  expect(await page.content()).not.toContain(AZURE_KEY)
  await snap(page, testInfo, '05-azure-chat')
})
