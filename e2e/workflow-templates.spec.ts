/**
 * The template gallery as a new user meets it: "New from template" on the Workflows page, pick
 * the Sequential template, save the draft it opens, run it on the demo model and see it succeed;
 * then the Human input template, whose run asks a question answered in the browser. (Playwright
 * keeps a screenshot of the end.) A link to an unknown template opens an empty draft that says so.
 */
import { expect, test, type Page } from './fixtures/test'

/** Opens the gallery from the Workflows page (`look` checks it) and uses the template `id`: a draft in the editor. */
async function useTemplate(page: Page, id: string, look?: () => Promise<void>) {
  await page.goto('/workflows')
  await page.getByTestId('new-from-template').click()
  await expect(page.getByTestId('template-gallery')).toBeVisible()
  await look?.()
  await page.getByTestId(`use-template-${id}`).click()
  await expect(page).toHaveURL(new RegExp(`/workflows/new\\?template=${id}$`))
}

/** Saves the draft (its first save creates the workflow) and starts a run with `input`; lands on the run page. */
async function saveAndRun(page: Page, input: string) {
  await page.getByTestId('save-version').click()
  await expect(page.getByTestId('version-label')).toHaveText('v1')
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]+$/)
  await page.getByTestId('run-workflow').click()
  await page.getByTestId('run-input').fill(input)
  await page.getByTestId('run-submit').click()
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]+$/)
}

test('a workflow from the Sequential template runs; the Human input template asks in the browser', async ({ page }) => {
  // Sequential: the gallery card shows its nodes; the draft holds the template, unsaved until Save.
  await useTemplate(page, 'sequential', async () => {
    await expect(page.getByTestId('template-card-sequential')).toContainText('Sequential: 2 agents')
    await expect(page.getByTestId('template-card-mcp-sampling')).toContainText('MCP: research-assistant')
  })
  await expect(page.getByTestId('workflow-name')).toHaveValue('Sequential: write, then edit')
  await expect(page.locator('.react-flow__node')).toHaveCount(3)
  await saveAndRun(page, 'A short note on owls')
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(page.getByTestId('run-output')).toContainText('Demo reply:')

  // Human input: the run waits for an answer, given in the browser, which becomes the output.
  await useTemplate(page, 'human-input')
  await expect(page.locator('.react-flow__node')).toHaveCount(4)
  await saveAndRun(page, 'Announce that the office is closed on Friday')
  const question = page.getByTestId('approval-card')
  // The question once (the card's title), and the draft the node received under it.
  await expect(question.getByText('Answer with the final text')).toHaveCount(1)
  await expect(question.getByTestId('approval-received')).toContainText('Demo reply:')
  await question.getByTestId('approval-answer').fill('The office is closed on Friday. Have a good weekend!')
  await question.getByTestId('approval-approve').click()
  await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'succeeded')
  await expect(page.getByTestId('run-output')).toContainText('The office is closed on Friday. Have a good weekend!')
  // The Drafter ran before the run waited: its tokens count in the finished run.
  await expect(page.getByTestId('run-usage')).not.toHaveText('—')

  // A gallery link to a template that does not exist says so, over an empty draft.
  await page.goto('/workflows/new?template=no-such-template')
  await expect(page.getByTestId('editor-notice')).toContainText('No template "no-such-template"')
  await expect(page.getByTestId('workflow-name')).toHaveValue('Untitled workflow')
  await expect(page.locator('.react-flow__node')).toHaveCount(2)
})
