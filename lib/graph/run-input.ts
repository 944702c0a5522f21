/** A workflow document's run input: what its start node declares, and whether an input fits it. */
import type { GraphDocument } from './document'
import { checkStartInput, type InputField, type InputProblem } from './start-input'

/** The start node's declared input fields (none: the workflow takes free text). */
export function declaredInputFields(document: GraphDocument): InputField[] {
  const start = document.nodes.find((node) => node.kind === 'start')
  return start?.kind === 'start' ? (start.data.inputFields ?? []) : []
}

/** Whether `input` can start the document: any text when nothing is declared, else a JSON object matching the fields. */
export function runInputProblems(document: GraphDocument, input: unknown): InputProblem[] {
  const fields = declaredInputFields(document)
  if (fields.length === 0) return []
  const checked = checkStartInput(fields, input)
  return checked.ok ? [] : checked.problems
}
