/**
 * A team's workspace as its people use it (issue #30): the owner makes a team workspace from the header's switcher and
 * invites a colleague by link as a runner; the colleague, signed out, signs in from the link, joins, finds the shared
 * workflow in their list (and switches between workspaces), runs it, and cannot save it (read-only banner, Save
 * disabled, the API's 403). The owner makes them an approver; a sampling request of the owner's run then waits in the
 * colleague's inbox (not before), they answer it there, and the card says who decided, on their page and the owner's.
 *
 * A runner of the team sees the list pages (workflows, agents, skills, MCP servers) without the controls their role does
 * not allow; an editor sees them all.
 *
 * Runs as the worker's admin, who owns the team. Set up through the API: the second account (an admin's account
 * invitation, accepted outside the browser), the team's copy of the example MCP server (whose summarize_topic tool asks
 * for sampling) and the workflow; the rest is the browser.
 */
import { randomBytes } from 'node:crypto'
import { straightGraph } from './fixtures/graphs'
import { snap } from './fixtures/page'
import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures/test'

const TEAM = 'Support team'
const SAMPLING_INPUT = '/call research-assistant_summarize_topic {"topic":"tidal energy"}'

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true)
  return (await response.json()) as T
}

/** A member account made through an admin's invitation, accepted by its person outside any browser. */
async function memberAccount(owner: APIRequestContext, accept: APIRequestContext) {
  const person = {
    name: `Rita Runner ${randomBytes(2).toString('hex')}`,
    email: `rita-${randomBytes(4).toString('hex')}@example.test`,
    password: 'rita-e2e-password',
  }
  const { link } = await json<{ link: string }>(await owner.post('/api/admin/invitations', { data: { email: person.email, role: 'member' } }))
  const token = new URL(link, 'http://x').searchParams.get('token') ?? ''
  await json(await accept.post(`/api/invitations/${token}`, { data: { name: person.name, password: person.password } }))
  return person
}

async function switchTo(page: Page, name: RegExp | string) {
  await page.getByTestId('workspace-switcher').click()
  await page.getByTestId('workspace-option').filter({ hasText: name }).click()
}

test('a team workspace: invite by link as runner, run but not save, answer approvals once made an approver', async ({
  page,
  browser,
  baseURL,
  playwright,
}, testInfo) => {
  // The owner makes the team workspace from the header's switcher and lands on its members.
  await page.goto('/workflows')
  await page.getByTestId('workspace-switcher').click()
  await page.getByTestId('workspace-create').click()
  await page.getByTestId('create-workspace-name').fill(TEAM)
  await page.getByTestId('create-workspace-submit').click()
  await expect(page).toHaveURL(/\/workspaces\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('workspace-name')).toHaveText(TEAM)
  await expect(page.getByTestId('current-workspace-name')).toHaveText(TEAM)
  await expect(page.getByTestId('workspace-my-role')).toContainText('Owner')
  const workspaceId = page.url().split('/').at(-1)!

  // What the team shares: its own copy of the example MCP server, and a workflow whose agent uses it.
  // The seeded example server's command (lib/server/seed.ts); a server's id is unique per workspace, so the team has its own.
  await json(
    await page.request.post(`/api/mcp-servers?workspaceId=${workspaceId}`, {
      data: {
        id: 'research-assistant',
        name: 'Research assistant',
        transport: 'stdio',
        config: { command: 'node', args: ['examples/mcp-servers/research-assistant.mjs'] },
      },
    }),
  )
  const graph = straightGraph({ id: 'agent-1', kind: 'agent', data: { name: 'Researcher', model: { provider: 'demo' }, mcpServerIds: ['research-assistant'] } })
  const { workflow } = await json<{ workflow: { id: string } }>(
    await page.request.post('/api/workflows', { data: { name: 'Team research', graph, workspaceId } }),
  )

  // An invitation link for a runner, made on the Invitations tab; it waits there until used.
  await page.getByTestId('workspace-tab-invitations').click()
  await page.getByTestId('invitation-link-role').selectOption('runner')
  await page.getByTestId('invitation-create').click()
  const link = (await page.getByTestId('invitation-link').textContent())?.trim() ?? ''
  expect(link).toMatch(/\/workspace-invitations\/[A-Za-z0-9_-]{43}$/)
  await expect(page.getByTestId('pending-invitation')).toHaveCount(1)
  await expect(page.getByTestId('pending-invitation')).toContainText('Runner')
  await expect(page.getByTestId('workspace-tab-approval-routing')).toHaveAttribute('href', `/workspaces/${workspaceId}/approval-routing`)
  await snap(page, testInfo, '01-invitation-link')

  // The colleague has an account but is signed out: the link asks them to sign in, then offers the workspace.
  const outside = await playwright.request.newContext({ baseURL })
  const runner = await memberAccount(page.request, outside)
  await outside.dispose()
  const colleague = await (await browser.newContext({ baseURL, storageState: undefined })).newPage()
  await colleague.goto(new URL(link).pathname)
  await expect(colleague).toHaveURL(/\/sign-in\?next=%2Fworkspace-invitations%2F/)
  await expect(colleague.getByText('Sign in to accept the workspace invitation.')).toBeVisible()
  await colleague.getByTestId('sign-in-email').fill(runner.email)
  await colleague.getByTestId('sign-in-password').fill(runner.password)
  await colleague.getByTestId('sign-in-submit').click()
  await expect(colleague.getByTestId('invitation-workspace')).toHaveText(TEAM)
  await expect(colleague.getByTestId('invitation-role')).toHaveText('Runner')
  await snap(colleague, testInfo, '02-invitation-page')
  await colleague.getByTestId('invitation-accept').click()

  // Joined: they work in the team now, and its workflow is in their list; their personal workspace has none of it.
  await expect(colleague).toHaveURL(/\/workflows$/)
  await expect(colleague.getByTestId('current-workspace-name')).toHaveText(TEAM)
  const row = colleague.getByTestId(`workflow-row-${workflow.id}`)
  await expect(row).toBeVisible()
  await expect(row.getByTestId(`workflow-delete-${workflow.id}`)).toHaveCount(0)
  await switchTo(colleague, 'Personal')
  await expect(colleague.getByTestId('current-workspace-name')).toHaveText(runner.name)
  await expect(row).toHaveCount(0)
  await switchTo(colleague, TEAM)
  await expect(row).toBeVisible()
  // The link is used up: the owner's Invitations tab has nothing pending any more.
  await page.reload()
  await expect(page.getByTestId('no-pending-invitations')).toBeVisible()

  // In the editor: which workspace, read-only for a runner, no Save; the API refuses a save with the role it needs.
  await row.getByRole('link', { name: 'Team research' }).click()
  await expect(colleague.getByTestId('editor-read-only')).toContainText('You can run this workflow but not change it (runner in Support team)')
  await expect(colleague.getByTestId('editor-workspace')).toHaveText(TEAM)
  await expect(colleague.getByTestId('save-version')).toHaveCount(0)
  const refused = await colleague.request.post(`/api/workflows/${workflow.id}/versions`, { data: { graph, baseVersion: 1 } })
  expect(refused.status()).toBe(403)
  expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
    code: 'forbidden',
    message: expect.stringContaining('editor'),
  })
  await snap(colleague, testInfo, '03-runner-editor')

  // They run it (a plain question: the agent answers without tools).
  await colleague.getByTestId('run-workflow').click()
  await colleague.getByTestId('run-input').fill('hello')
  await colleague.getByTestId('run-submit').click()
  await expect(colleague).toHaveURL(/\/runs\/[0-9a-f-]{36}$/)
  await expect(colleague.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(colleague.getByTestId('run-workspace')).toHaveText(TEAM)

  // The owner's run asks for sampling: not the runner's to answer yet.
  const started = await json<{ run: { id: string } }>(await page.request.post('/api/runs', { data: { workflowId: workflow.id, input: SAMPLING_INPUT } }))
  const runId = started.run.id
  await expect
    .poll(async () => (await json<{ approvals: unknown[] }>(await page.request.get(`/api/approvals?status=pending&runId=${runId}`))).approvals.length)
    .toBe(1)
  const { approvals } = await json<{ approvals: Array<{ id: string }> }>(await page.request.get(`/api/approvals?status=pending&runId=${runId}`))
  const approvalId = approvals[0]!.id
  await colleague.goto('/approvals')
  await expect(colleague.getByTestId('approvals-count')).toHaveText('Nothing is waiting for you.')

  // The owner makes them an approver on the Members tab.
  await page.getByTestId('workspace-tab-members').click()
  const member = page.locator(`[data-testid="workspace-member"][data-email="${runner.email}"]`)
  await expect(member.getByTestId('member-role')).toHaveValue('runner')
  await member.getByTestId('member-approver').click()
  await expect(member.getByTestId('member-approver')).toBeChecked()
  await expect
    .poll(
      async () =>
        (await json<{ members: Array<{ email: string; approver: boolean }> }>(await page.request.get(`/api/workspaces/${workspaceId}/members`))).members.find(
          (m) => m.email === runner.email,
        )?.approver,
    )
    .toBe(true)
  await snap(page, testInfo, '04-members')

  // Now it waits in their inbox; they approve it there, and the card says who decided.
  await colleague.reload()
  const card = colleague.locator(`[data-testid="approval-card"][data-approval-id="${approvalId}"]`)
  await card.getByTestId('approval-approve').click()
  await expect(card.getByTestId('approval-decided-by')).toHaveText(runner.name)
  await snap(colleague, testInfo, '05-approved-by-approver')

  // The run goes on to the end; the owner's run page says who answered, in its approval history.
  await page.goto(`/runs/${runId}`)
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(page.getByTestId('approval-history-item').getByTestId('approval-decided-by')).toHaveText(runner.name)
  await colleague.context().close()
})

/** Signs the person in, in a browser of their own, and opens the team's workflows (which makes the team their current workspace). */
async function signedInAt(browser: Browser, baseURL: string | undefined, person: { email: string; password: string }, workspaceId: string) {
  const page = await (await browser.newContext({ baseURL, storageState: undefined })).newPage()
  await page.goto('/sign-in')
  await page.getByTestId('sign-in-email').fill(person.email)
  await page.getByTestId('sign-in-password').fill(person.password)
  await page.getByTestId('sign-in-submit').click()
  await expect(page).not.toHaveURL(/\/sign-in/)
  await page.goto(`/workflows?workspace=${workspaceId}`)
  await expect(page.getByTestId('current-workspace-name')).toHaveText(TEAM_OF_ROLES)
  return page
}

const TEAM_OF_ROLES = 'Roles team'

test('the list pages offer a runner only what a runner may do, and an editor everything', async ({ page, browser, baseURL, playwright }) => {
  // The team and one of each thing on its list pages, made by its owner through the API.
  const { workspace } = await json<{ workspace: { id: string } }>(await page.request.post('/api/workspaces', { data: { name: TEAM_OF_ROLES } }))
  const inTeam = `workspaceId=${workspace.id}`
  const { workflow } = await json<{ workflow: { id: string } }>(
    await page.request.post('/api/workflows', {
      data: {
        name: 'Team flow',
        workspaceId: workspace.id,
        graph: straightGraph({ id: 'agent-1', kind: 'agent', data: { name: 'Helper', model: { provider: 'demo' } } }),
      },
    }),
  )
  const { agent } = await json<{ agent: { id: string } }>(await page.request.post('/api/agents', { data: { name: 'Team agent', workspaceId: workspace.id } }))
  await json(await page.request.post(`/api/skills?${inTeam}`, { data: { content: '---\nname: team-notes\ndescription: Notes of the team\n---\n\nBody.\n' } }))
  await json(
    await page.request.post(`/api/mcp-servers?${inTeam}`, {
      data: {
        id: 'team-research',
        name: 'Team research',
        transport: 'stdio',
        config: { command: 'node', args: ['examples/mcp-servers/research-assistant.mjs'] },
      },
    }),
  )

  // A runner and an editor of the team.
  const outside = await playwright.request.newContext({ baseURL })
  const runner = await memberAccount(page.request, outside)
  const editor = await memberAccount(page.request, outside)
  await outside.dispose()
  await json(await page.request.post(`/api/workspaces/${workspace.id}/members`, { data: { email: runner.email, role: 'runner' } }))
  await json(await page.request.post(`/api/workspaces/${workspace.id}/members`, { data: { email: editor.email, role: 'editor' } }))

  /** Each list page with the row that shows it has loaded the team's list, and the controls an editor has there. */
  const pages = [
    {
      path: '/workflows',
      row: `workflow-row-${workflow.id}`,
      controls: ['new-workflow', 'new-from-template', ...['details', 'duplicate', 'move', 'delete'].map((action) => `workflow-${action}-${workflow.id}`)],
    },
    { path: '/agents', row: `agent-row-${agent.id}`, controls: ['create-agent'] },
    { path: '/skills', row: 'skill-row-team-notes', controls: ['skill-new', 'skill-import-open', 'skill-delete-team-notes'] },
    {
      path: '/mcp-servers',
      row: 'mcp-server-row-team-research',
      controls: ['mcp-add', 'mcp-import', ...['edit', 'settings', 'delete', 'enabled'].map((action) => `mcp-${action}-team-research`)],
    },
  ]

  for (const [person, shown] of [
    [runner, false],
    [editor, true],
  ] as const) {
    const member = await signedInAt(browser, baseURL, person, workspace.id)
    for (const { path, row, controls } of pages) {
      await member.goto(path)
      await expect(member.getByTestId(row)).toBeVisible()
      for (const control of controls) await expect(member.getByTestId(control), `${control} on ${path}`).toHaveCount(shown ? 1 : 0)
    }
    // A runner may still test an MCP server's connection; a stored skill's Edit is an editor's.
    await expect(member.getByTestId('mcp-test-team-research')).toBeVisible()
    await member.goto('/skills')
    await member.getByTestId('skill-open-team-notes').click()
    await expect(member.getByTestId('skill-detail')).toContainText('Body.')
    await expect(member.getByTestId('skill-edit')).toHaveCount(shown ? 1 : 0)
    await member.context().close()
  }
})
