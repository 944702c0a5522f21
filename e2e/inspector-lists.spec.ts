/**
 * The inspector's list editors, which render fields inside fields: an orchestration's participants
 * (each an agent's settings, folded open), its manager's settings, and a condition's cases with
 * their CEL expressions checked as they are typed.
 */
import { expect, test } from './fixtures/test'

test("edit an orchestration's participants and manager, and a condition's cases", async ({ page }) => {
  await page.goto('/workflows')
  await page.getByTestId('new-workflow').click()
  // A draft: the workflow is created when first saved or named.
  await expect(page).toHaveURL(/\/workflows\/new$/)
  const canvas = page.getByTestId('canvas')
  const inspector = page.getByTestId('inspector')

  // A magentic orchestration, selected as it is dropped: no participants yet, a manager by default.
  await page.getByTestId('palette-magentic').dragTo(canvas, { targetPosition: { x: 330, y: 120 } })
  const magentic = page.locator('.react-flow__node').filter({ has: page.locator('[data-kind="magentic"]') })
  await expect(magentic).toContainText('No participants yet')
  await expect(inspector.getByTestId('inspector-kind')).toBeVisible()

  // A new participant opens with its settings; its name shows on the node.
  await inspector.getByTestId('inspector-participants-add').click()
  await inspector.getByTestId('inspector-participants-0-name').fill('Fact checker')
  await expect(magentic).toContainText('Fact checker')
  await inspector.getByTestId('inspector-participants-add').click()
  await expect(inspector.getByTestId('inspector-participants-1-name')).toHaveValue('Agent 2')
  await expect(magentic).toContainText('Agent 2')

  // The manager's settings are a group of the same fields, under their own test ids.
  await expect(inspector.getByTestId('inspector-manager-name')).toHaveValue('Manager')
  await inspector.getByTestId('inspector-manager-instructions').fill('Plan, then delegate.')
  await expect(inspector.getByTestId('inspector-manager-instructions')).toHaveValue('Plan, then delegate.')

  // A condition: a second case, whose expression is checked as it is typed.
  await page.getByTestId('palette-condition').dragTo(canvas, { targetPosition: { x: 330, y: 320 } })
  const condition = page.locator('.react-flow__node').filter({ has: page.locator('[data-kind="condition"]') })
  await expect(inspector.getByTestId('inspector-cases-0')).toBeVisible()
  await inspector.getByTestId('inspector-cases-add').click()
  const expression = inspector.getByTestId('inspector-cases-1-expression')
  await expect(expression).toHaveValue('false')
  await expression.fill('input.contains(')
  await expect(expression).toHaveAttribute('aria-invalid', 'true')
  await expression.fill('input.contains("urgent")')
  await expect(expression).not.toHaveAttribute('aria-invalid')
  await expect(condition).toContainText('input.contains("urgent")')
})
