/**
 * Every page the app has, visited as the signed-in admin in Chromium: each answers with the security
 * headers (lib/server/security-headers.ts) and renders with no Content-Security-Policy violation — a
 * CSP that breaks a page shows only in a browser. The pages are found on disk, so a new page is
 * checked without anyone remembering to add it (a new dynamic segment fails until it gets an id
 * below), and so does the API, whose gate runs below Next. Then framing: a page served from another loopback origin frames /approvals and is refused;
 * a share link whose owner listed that origin can be framed by it, and by no other.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { expect, test, type APIResponse, type Page, type Response } from './fixtures/test'

const APP_DIR = join(import.meta.dirname, '..', 'app')

/** URL patterns of every page.tsx under app/ (route groups do not appear in URLs): `/runs/[id]`. */
function pagePatterns(dir = APP_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return pagePatterns(path)
    if (entry.name !== 'page.tsx') return []
    const segments = relative(APP_DIR, dir)
      .split(sep)
      .filter((segment) => segment && !/^\(.*\)$/.test(segment))
    return ['/' + segments.join('/')]
  })
}

type HeaderSource = Response | APIResponse

function expectSecurityHeaders(response: HeaderSource | null, what: string, { framable = false } = {}) {
  expect(response, what).not.toBeNull()
  const headers = response!.headers()
  expect(headers['x-content-type-options'], what).toBe('nosniff')
  const csp = headers['content-security-policy'] ?? ''
  expect(csp, what).toContain("object-src 'none'")
  expect(csp, what).toContain("base-uri 'self'")
  expect(csp, what).toMatch(/script-src 'self'/)
  expect(headers['permissions-policy'], what).toContain('camera=()')
  expect(headers['referrer-policy'], what).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/)
  if (!framable) {
    expect(csp, what).toContain("frame-ancestors 'none'")
    expect(headers['x-frame-options'], what).toBe('DENY')
  }
  return csp
}

/** Records CSP violations in every document the page loads from now on, from before its first script. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    )
  })
}

/** The CSP violations of the page's next document (recordViolations), and its console errors about CSP. */
function watchForViolations(page: Page): () => Promise<string[]> {
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy/i.test(message.text())) consoleErrors.push(message.text())
  })
  return async () => [...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])), ...consoleErrors]
}

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const response = method === 'GET' ? await page.request.get(url) : await page.request.post(url, { data })
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

/** Something to show on each dynamic page: a workflow with a version and a run, an agent, a share link, a published agent's chat and a published workflow's form. */
async function makeExamples(page: Page, frameOrigins: string[] = []) {
  const graph = {
    schemaVersion: 1,
    nodes: [
      { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
      { id: 'output', kind: 'output', position: { x: 300, y: 0 }, data: {} },
    ],
    edges: [{ id: 'start->output', source: 'start', target: 'output' }],
  }
  const created = await api<{ workflow: { id: string }; version: { version: number } }>(page, 'POST', '/api/workflows', {
    name: `Headers ${Date.now()}`,
    graph,
  })
  const { workflow } = created
  const { version } = await api<{ version: { version: number } }>(page, 'POST', `/api/workflows/${workflow.id}/versions`, {
    graph,
    baseVersion: created.version.version,
  })
  const { run } = await api<{ run: { id: string } }>(page, 'POST', '/api/runs', { workflowId: workflow.id, input: 'hello' })
  const { agent } = await api<{ agent: { id: string } }>(page, 'POST', '/api/agents', {
    name: `Headers agent ${Date.now()}`,
    definition: { instructions: 'Say hi.', model: { provider: 'demo' } },
  })
  const { url: shareUrl } = await api<{ url: string }>(page, 'POST', `/api/runs/${run.id}/share-links`, { frameOrigins })
  const { url: chatUrl } = await api<{ url: string }>(page, 'POST', `/api/agents/${agent.id}/publications`, { allowedOrigins: frameOrigins })
  const { url: formUrl } = await api<{ url: string }>(page, 'POST', `/api/workflows/${workflow.id}/publications`, {})
  const { workspace } = await api<{ workspace: { id: string } }>(page, 'POST', '/api/workspaces', { name: `Headers team ${Date.now()}` })
  const { token: invitationToken } = await api<{ token: string }>(page, 'POST', `/api/workspaces/${workspace.id}/invitations`, { role: 'viewer' })
  const { dataset } = await api<{ dataset: { id: string } }>(page, 'POST', '/api/datasets', { name: `Headers cases ${Date.now()}`, rows: [{ input: 'hello' }] })
  const { experiment } = await api<{ experiment: { id: string } }>(page, 'POST', '/api/experiments', {
    datasetId: dataset.id,
    target: { workflowId: workflow.id },
    evaluators: [{ kind: 'contains', name: 'says hello', value: 'hello' }],
  })
  return {
    workflowId: workflow.id,
    version: version.version,
    runId: run.id,
    agentId: agent.id,
    shareUrl,
    chatUrl,
    formUrl,
    workspaceId: workspace.id,
    invitationToken,
    datasetId: dataset.id,
    experimentId: experiment.id,
  }
}

/** An HTML page on its own loopback port (its own origin) that frames `src`. */
async function framingSite(src: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(`<!doctype html><title>framing</title><iframe id="victim" src="${src}" width="800" height="600"></iframe>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

/** Opens the framing site and waits for its frame to finish loading (a refused frame loads an error page). */
async function openFramed(page: Page, site: string, framedPath: string) {
  await page.goto(site)
  const frameElement = page.locator('#victim')
  await expect(frameElement).toBeAttached()
  await expect.poll(() => page.frames().length).toBe(2)
  const frame = page.frames()[1]
  await frame.waitForLoadState('load')
  return { frame, url: () => frame.url(), framedPath }
}

test('every page answers with the security headers and renders with no CSP violation', async ({ page, baseURL }) => {
  test.slow() // every page of the app, on a shared machine
  const examples = await makeExamples(page)
  const idFor: Record<string, string> = {
    '/agents/[id]': `/agents/${examples.agentId}`,
    '/datasets/[id]': `/datasets/${examples.datasetId}`,
    '/experiments/[id]': `/experiments/${examples.experimentId}`,
    '/experiments/[id]/compare': `/experiments/${examples.experimentId}/compare?baseline=${examples.experimentId}`,
    '/workflows/[id]/triggers': `/workflows/${examples.workflowId}/triggers`,
    '/workspaces/[id]/model-prices': `/workspaces/${examples.workspaceId}/model-prices`,
    '/workspaces/[id]/credentials': `/workspaces/${examples.workspaceId}/credentials`,
    '/agents/[id]/chat': `/agents/${examples.agentId}/chat`,
    '/runs/[id]': `/runs/${examples.runId}`,
    '/runs/compare': `/runs/compare?a=${examples.runId}&b=${examples.runId}`,
    '/workflows/[id]': `/workflows/${examples.workflowId}`,
    '/workflows/[id]/versions': `/workflows/${examples.workflowId}/versions`,
    '/workflows/[id]/versions/[version]': `/workflows/${examples.workflowId}/versions/${examples.version}`,
    '/share/[token]': examples.shareUrl,
    '/chat/[token]': examples.chatUrl,
    '/form/[token]': examples.formUrl,
    '/workspaces/[id]': `/workspaces/${examples.workspaceId}`,
    '/workspaces/[id]/approval-routing': `/workspaces/${examples.workspaceId}/approval-routing`,
    '/workspaces/[id]/audit-log': `/workspaces/${examples.workspaceId}/audit-log`,
    '/workspaces/[id]/invitations': `/workspaces/${examples.workspaceId}/invitations`,
    '/workspace-invitations/[token]': `/workspace-invitations/${examples.invitationToken}`,
  }
  const patterns = pagePatterns().sort()
  expect(patterns.length).toBeGreaterThan(15)
  const missing = patterns.filter((pattern) => pattern.includes('[') && !idFor[pattern])
  expect(missing, 'pages with a dynamic segment need an example URL in this spec').toEqual([])

  await recordViolations(page)
  for (const pattern of patterns) {
    const url = idFor[pattern] ?? pattern
    await test.step(url, async () => {
      const violations = watchForViolations(page)
      const response = await page.goto(url)
      const csp = expectSecurityHeaders(response, url)
      expect(csp, `${url}: scripts carry this request's nonce`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
      if (['/share/[token]', '/chat/[token]', '/form/[token]'].includes(pattern)) expect(response!.headers()['referrer-policy']).toBe('no-referrer')
      await page.waitForLoadState('load')
      await expect(page.locator('body')).not.toBeEmpty()
      // The inline theme script ran: it carried the nonce.
      await expect(page.locator('html')).toHaveAttribute('style', /color-scheme/)
      expect(await violations(), `${url}: CSP violations`).toEqual([])
      page.removeAllListeners('console')
    })
  }

  // Static files, API answers, errors and Next's 404 have them too.
  const script = await page.evaluate(() => [...document.scripts].map((s) => s.src).find((src) => src.includes('/_next/static/')))
  expect(script).toBeTruthy()
  expectSecurityHeaders(await page.request.get(script!), 'a static script')
  expectSecurityHeaders(await page.request.get('/api/health'), '/api/health')
  expectSecurityHeaders(await page.request.get('/api/no-such-route'), 'an API 404')
  const notFound = await page.goto('/no-such-page')
  expect(notFound?.status()).toBe(404)
  expectSecurityHeaders(notFound, 'a page 404')
  expectSecurityHeaders(await page.request.fetch(`${baseURL}/api/runs`, { method: 'PUT' }), 'a 405')
  // The API's gate runs below Next (raw-request-guard.ts; proxy.ts's matcher leaves the API to it): under `next start` a
  // cross-site change is refused there, with the same headers.
  const crossSite = await page.request.post('/api/workflows', { headers: { 'sec-fetch-site': 'cross-site' }, data: { name: 'cross-site' } })
  expect(crossSite.status()).toBe(403)
  expect((await crossSite.json()).error.code).toBe('cross_origin_request')
  expectSecurityHeaders(crossSite, 'a cross-site API change')
})

test('another origin cannot frame /approvals; a share link frames only for the origins its owner listed', async ({ page, baseURL }) => {
  const stranger = await framingSite(`${baseURL}/approvals`)
  const embedder = await framingSite('about:blank')
  try {
    // The attack: a same-site page (another loopback port) frames the approvals inbox under the admin's cookies.
    const framedApprovals = await openFramed(page, stranger.origin, '/approvals')
    expect(framedApprovals.url()).not.toContain('/approvals')
    await expect(page.frameLocator('#victim').getByTestId('user-menu')).toHaveCount(0)

    // A share link that lists the embedder's origin.
    const { shareUrl } = await makeExamples(page, [embedder.origin])
    const shareFramed = `${baseURL}${shareUrl}`
    embedder.server.removeAllListeners('request')
    embedder.server.on('request', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end(`<!doctype html><title>embedder</title><iframe id="victim" src="${shareFramed}" width="800" height="600"></iframe>`)
    })
    const direct = await page.request.get(shareUrl)
    expect(direct.headers()['content-security-policy']).toContain(`frame-ancestors ${embedder.origin}`)
    expect(direct.headers()['x-frame-options']).toBeUndefined()
    const allowed = await openFramed(page, embedder.origin, shareUrl)
    expect(allowed.url()).toBe(shareFramed)
    await expect(page.frameLocator('#victim').locator('body')).toContainText(/hello|Run|run/)

    // The same link framed by a site not on its list is refused.
    stranger.server.removeAllListeners('request')
    stranger.server.on('request', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end(`<!doctype html><title>stranger</title><iframe id="victim" src="${shareFramed}" width="800" height="600"></iframe>`)
    })
    const refused = await openFramed(page, stranger.origin, shareUrl)
    expect(refused.url()).not.toBe(shareFramed)
  } finally {
    stranger.server.close()
    embedder.server.close()
  }
})

test('the API is answered below Next under `npm start`: a small answer whole with its length, a large one gzipped', async ({ page }) => {
  // The API router (lib/server/api-router.ts) sends a one-piece body with its length in one write; Next sent every
  // answer chunked, and gzipped even the smallest.
  const health = await page.request.get('/api/health', { headers: { 'accept-encoding': 'gzip' } })
  expect(health.status()).toBe(200)
  const small = health.headers()
  expect(small['content-length']).toBe(String((await health.body()).length))
  expect(small['transfer-encoding']).toBeUndefined()
  expect(small['content-encoding']).toBeUndefined()
  expectSecurityHeaders(health, '/api/health below Next')
  const description = await page.request.get('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } })
  expect(description.headers()['content-encoding']).toBe('gzip')
  expect(description.headers()['vary']).toMatch(/accept-encoding/i)
  expect(Number(description.headers()['content-length'])).toBeLessThan((await description.body()).length)
  expect((await description.json()).openapi).toMatch(/^3\.1/)
})
