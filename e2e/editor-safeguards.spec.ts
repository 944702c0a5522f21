/**
 * What a new user met in the editor (issue #15): unsaved work lost through an in-app link, a
 * refused rename that reverted without a word, field errors written as document paths, a
 * sub-workflow picker that offered the workflow itself, and a canvas on which Ctrl+A selected the
 * page's text and Shift+click did not add to the selection.
 */
import { expect, test, type Page } from './fixtures/test'

async function newWorkflow(page: Page, name?: string): Promise<string> {
  await page.goto('/workflows')
  await page.getByTestId('new-workflow').click()
  // A draft: the workflow is created when first saved or named.
  await expect(page).toHaveURL(/\/workflows\/new$/)
  await expect(page.getByTestId('canvas')).toBeVisible()
  if (name !== undefined) {
    const field = page.getByTestId('workflow-name')
    // Naming the draft creates the workflow (POST), and the address becomes its editor's.
    const created = page.waitForResponse((response) => response.url().endsWith('/api/workflows') && response.request().method() === 'POST' && response.ok())
    await field.fill(name)
    await field.press('Enter')
    await created
    await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]+$/)
  }
  return page.url()
}

test('leaving the editor through an in-app link with unsaved changes asks first', async ({ page }) => {
  const editorUrl = await newWorkflow(page)
  const leaveDialog = page.getByRole('dialog', { name: 'Leave without saving?' })

  // Saved work: the back link leaves at once.
  await page.getByRole('link', { name: 'Back to workflows' }).click()
  await expect(page).toHaveURL(/\/workflows$/)
  await expect(leaveDialog).toBeHidden()

  await page.goto(editorUrl)
  await page.getByTestId('palette-agent').click()
  await expect(page.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'true')

  // Stay: still in the editor, the change still there.
  await page.getByRole('link', { name: 'Back to workflows' }).click()
  await expect(leaveDialog).toBeVisible()
  await leaveDialog.getByRole('button', { name: 'Stay' }).click()
  await expect(leaveDialog).toBeHidden()
  await expect(page).toHaveURL(editorUrl)
  await expect(page.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'true')
  await expect(page.locator('.react-flow__node')).toHaveCount(3)

  // The app's navigation asks too; leaving without saving goes where the link pointed.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs', exact: true }).click()
  await expect(leaveDialog).toBeVisible()
  await leaveDialog.getByRole('button', { name: 'Leave without saving' }).click()
  await expect(page).toHaveURL(/\/runs$/)
})

test("a refused rename keeps what was typed and says why; a field's error is said under the field", async ({ page }) => {
  await newWorkflow(page)
  const name = page.getByTestId('workflow-name')
  const tooLong = 'A'.repeat(201)
  await name.fill(tooLong)
  await name.press('Enter')
  await expect(page.getByTestId('workflow-name-error')).toHaveText('Not renamed: A workflow name can be at most 200 characters.')
  await expect(name).toHaveValue(tooLong)
  await expect(name).toHaveAttribute('aria-invalid', 'true')

  await name.fill('Research digest')
  await name.press('Enter')
  await expect(page.getByTestId('workflow-name-error')).toBeHidden()
  await expect(name).toHaveValue('Research digest')

  // An agent's temperature above the schema's bound, typed by hand.
  await page.getByTestId('palette-agent').click()
  const inspector = page.getByTestId('inspector')
  await expect(inspector.getByTestId('inspector-kind')).toHaveText('Agent')
  await inspector.getByTestId('inspector-temperature').fill('3')
  await expect(inspector.getByText('Temperature must be at most 2.')).toBeVisible()
  await expect(inspector.getByTestId('inspector-temperature')).toHaveAttribute('aria-invalid', 'true')
  await expect(inspector).not.toContainText('nodes[')
  await inspector.getByTestId('inspector-temperature').fill('1.5')
  await expect(inspector.getByText('Temperature must be at most 2.')).toBeHidden()
})

test('the sub-workflow picker offers the other workflows by their current names, not the workflow itself', async ({ page }) => {
  const summariserUrl = await newWorkflow(page, 'Summariser draft')
  const parentUrl = await newWorkflow(page, 'Parent flow')

  // Renamed after the parent was created: the picker shows the new name.
  await page.goto(summariserUrl)
  const name = page.getByTestId('workflow-name')
  await expect(name).toHaveValue('Summariser draft')
  const rename = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok())
  await name.fill('Summariser')
  await name.press('Enter')
  await rename
  await page.getByRole('link', { name: 'Back to workflows' }).click()
  await page.getByRole('link', { name: 'Parent flow' }).first().click()
  await expect(page).toHaveURL(parentUrl)

  await page.getByTestId('palette-sub_workflow').click()
  const picker = page.getByTestId('inspector').getByTestId('inspector-workflowId')
  await expect(picker.locator('option', { hasText: 'Summariser (' })).toHaveCount(1)
  await expect(picker.locator('option', { hasText: 'Summariser draft' })).toHaveCount(0)
  await expect(picker.locator('option', { hasText: 'Parent flow' })).toHaveCount(0)
})

test('on the canvas Ctrl+A selects every node and edge, and Shift+click adds a node to the selection', async ({ page }) => {
  await newWorkflow(page)
  const canvas = page.getByTestId('canvas')
  const inspector = page.getByTestId('inspector')
  const start = page.locator('.react-flow__node[data-id="start"]')
  const output = page.locator('.react-flow__node[data-id="output"]')
  const edge = page.locator('.react-flow__edge')
  await expect(edge).toHaveCount(1)

  // Shift+click adds to the selection, and takes a selected node out of it again.
  await start.click()
  await expect(start).toHaveClass(/\bselected\b/)
  await output.click({ modifiers: ['Shift'] })
  await expect(start).toHaveClass(/\bselected\b/)
  await expect(output).toHaveClass(/\bselected\b/)
  await expect(inspector).toContainText('2 items selected')
  await output.click({ modifiers: ['Shift'] })
  await expect(output).not.toHaveClass(/\bselected\b/)
  await expect(start).toHaveClass(/\bselected\b/)

  // On the empty canvas: every node and edge, and none of the page's text.
  await canvas.click({ position: { x: 24, y: 24 } })
  await expect(start).not.toHaveClass(/\bselected\b/)
  await page.keyboard.press('Control+a')
  await expect(start).toHaveClass(/\bselected\b/)
  await expect(output).toHaveClass(/\bselected\b/)
  await expect(edge).toHaveClass(/\bselected\b/)
  await expect(inspector).toContainText('3 items selected')
  expect(await page.evaluate(() => String(window.getSelection()))).toBe('')

  // Inside a text field Ctrl+A is the field's own.
  await canvas.click({ position: { x: 24, y: 24 } })
  await expect(start).not.toHaveClass(/\bselected\b/)
  const name = page.getByTestId('workflow-name')
  await name.click()
  await page.keyboard.press('Control+a')
  expect(await name.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0))).toBe(await name.inputValue())
  await expect(start).not.toHaveClass(/\bselected\b/)
})
