import { diffLines, diffWordsWithSpace } from 'diff'

/** One stretch of a compared text: in both, only in the first (removed) or only in the second (added). */
export interface TextChange {
  kind: 'same' | 'removed' | 'added'
  text: string
}

/**
 * Past this many characters on either side a diff is not shown: jsdiff's Myers diff grows with the product of the edits
 * and the length, and a comparison page must not stall a browser on two long, different outputs.
 */
export const TEXT_DIFF_LIMIT = 20_000

/**
 * How `after` differs from `before`: line by line when either has several lines (an agent's paragraphs, a JSON
 * document), else word by word (a one-line answer that changed a word reads better so). Undefined past TEXT_DIFF_LIMIT.
 */
export function textChanges(before: string, after: string): TextChange[] | undefined {
  if (before.length > TEXT_DIFF_LIMIT || after.length > TEXT_DIFF_LIMIT) return undefined
  const multiline = before.includes('\n') || after.includes('\n')
  const changes = multiline ? diffLines(before, after) : diffWordsWithSpace(before, after)
  return changes.map((change) => ({ kind: change.added ? 'added' : change.removed ? 'removed' : 'same', text: change.value }))
}
