/**
 * Publishing an agent (issue #32) as people use it: the owner publishes a saved agent (the demo model, which answers
 * offline) from its page, allowing one other site to embed it; a visitor with no account chats on the public link in
 * a fresh browser; another visitor chats through the widget on a page served from that other origin under a strict
 * Content-Security-Policy; and the owner finds the visitors' conversations among the agent's, marked published.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from './fixtures/test'

/** A page on its own loopback port (another origin) whose HTML the test sets once it knows the snippet. */
async function hostSite(): Promise<{ origin: string; server: Server; serve: (html: string, csp: string) => void }> {
  let page = { html: '<!doctype html><title>empty</title>', csp: "default-src 'none'" }
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': page.csp })
    response.end(page.html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, serve: (html, csp) => (page = { html, csp }) }
}

async function chat(frame: Pick<Page, 'getByLabel' | 'getByRole' | 'getByTestId'>, text: string) {
  // Hydrated (the browser's visitor id read): what is typed now stays typed.
  await expect(frame.getByTestId('public-chat')).toHaveAttribute('data-ready', 'true')
  await frame.getByLabel('Message').fill(text)
  await frame.getByRole('button', { name: 'Send' }).click()
  await expect(frame.getByTestId('public-chat-message').filter({ hasText: `Demo reply: ${text}` })).toBeVisible()
}

test('publish an agent, chat with it without an account on its link and through the widget on another site', async ({ page, browser, baseURL }) => {
  test.slow() // three browsers and two turns on a shared machine
  const site = await hostSite()
  const name = `Published helper ${Date.now()}`
  try {
    const created = await page.request.post('/api/agents', { data: { name, definition: { instructions: 'Help shoppers.', model: { provider: 'demo' } } } })
    expect(created.ok(), await created.text()).toBe(true)
    const agentId = ((await created.json()) as { agent: { id: string } }).agent.id

    // The owner publishes it from the agent's page, allowing the other site to embed it.
    await page.goto(`/agents/${agentId}`)
    const panel = page.getByTestId('publish-panel')
    await panel.getByTestId('publish-origins').fill(site.origin)
    await panel.getByTestId('publish-create').click()
    const url = (await panel.getByTestId('publish-url').textContent())!.trim()
    const snippet = (await panel.getByTestId('publish-snippet').textContent())!.trim()
    expect(url).toMatch(/\/chat\/[A-Za-z0-9_-]{43}$/)
    expect(snippet).toContain(`${baseURL}/api/public/widget.js`)
    await expect(panel.getByTestId('publication')).toHaveAttribute('data-state', 'active')

    // A visitor in a fresh browser, never signed in, chats on the link.
    const visitorContext = await browser.newContext({ storageState: undefined })
    const visitor = await visitorContext.newPage()
    const direct = await visitor.goto(url)
    expect(direct?.status()).toBe(200)
    expect(direct?.headers()['content-security-policy']).toContain(`frame-ancestors ${site.origin}`)
    await expect(visitor.getByRole('heading', { name })).toBeVisible()
    await chat(visitor, 'Where is my parcel?')
    // A reload goes on with the same conversation (this browser keeps it).
    await visitor.reload()
    await expect(visitor.getByTestId('public-chat-message').filter({ hasText: 'Demo reply: Where is my parcel?' })).toBeVisible()
    await visitorContext.close()

    // Another visitor, on the other site, through the widget, under a CSP that allows only the app's origin.
    site.serve(
      `<!doctype html><html><head><title>Shop</title></head><body><h1>Shop</h1>${snippet}</body></html>`,
      `default-src 'none'; script-src ${baseURL}; frame-src ${baseURL}; style-src 'self'`,
    )
    const shopperContext = await browser.newContext({ storageState: undefined })
    const shopper = await shopperContext.newPage()
    const violations: string[] = []
    shopper.on('console', (message) => {
      if (message.type() === 'error' && /content security policy/i.test(message.text())) violations.push(message.text())
    })
    await shopper.goto(site.origin)
    await shopper.locator('[data-agentloom-widget="button"]').click()
    const widget = shopper.frameLocator('[data-agentloom-widget="frame"]')
    await expect(widget.getByRole('heading', { name })).toBeVisible()
    await chat(widget, 'Do you ship abroad?')
    expect(violations).toEqual([])
    await shopperContext.close()

    // The owner sees both visitors' conversations among the agent's, marked published.
    await page.goto(`/agents/${agentId}/chat`)
    const rows = page.getByTestId('conversation-row')
    await expect(rows.filter({ hasText: 'Where is my parcel?' }).getByTestId('conversation-published')).toBeVisible()
    await expect(rows.filter({ hasText: 'Do you ship abroad?' }).getByTestId('conversation-published')).toBeVisible()
    await page.getByLabel('Show conversations').selectOption('members')
    await expect(rows.filter({ hasText: 'Where is my parcel?' })).toHaveCount(0)

    // Revoked: the link is gone for everyone.
    await page.goto(`/agents/${agentId}`)
    await page.getByTestId('publish-panel').getByTestId('publication-revoke').click()
    await expect(page.getByTestId('publish-panel').getByTestId('publication')).toHaveAttribute('data-state', 'revoked')
    const lateContext = await browser.newContext({ storageState: undefined })
    const late = await lateContext.newPage()
    expect((await late.goto(url))?.status()).toBe(404)
    await expect(late.getByTestId('public-chat-invalid')).toBeVisible()
    await lateContext.close()
  } finally {
    site.server.close()
  }
})
