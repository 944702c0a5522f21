/**
 * The input a start node may declare: named fields (text, number, whole number, yes/no or one of a
 * list of choices). A workflow that declares fields takes a JSON object matching them as its run
 * input (sent as JSON text where inputs travel as text: the API, /v1/responses, the CLI); one that
 * declares none takes text, as before. The JSON Schema offered to MCP clients and the zod schema
 * that checks arguments and run inputs are both built here, from the same declaration.
 *
 * Browser-safe: the editor and the run dialog check with it too.
 */
import { z } from 'zod'

export const INPUT_FIELD_TYPES = ['string', 'number', 'integer', 'boolean', 'enum'] as const
export type InputFieldType = (typeof INPUT_FIELD_TYPES)[number]

/**
 * One declared input. The name is checked by validate() rather than by the schema, so a half-typed
 * name stays in the editor with a problem in words instead of making the document unreadable.
 */
export const InputFieldSchema = z.object({
  name: z.string().max(64).default(''),
  type: z.enum(INPUT_FIELD_TYPES).default('string'),
  required: z.boolean().default(true),
  description: z.string().max(1_000).default(''),
  /** The choices of an `enum` field (ignored for the other types). */
  options: z.array(z.string().max(200)).max(100).default([]),
})
export type InputField = z.infer<typeof InputFieldSchema>

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/** What is wrong with a declaration, one sentence each (empty when it can be used). */
export function inputFieldsProblems(fields: readonly InputField[]): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  fields.forEach((field, index) => {
    const which = field.name === '' ? `Input field ${index + 1}` : `Input field "${field.name}"`
    if (field.name === '') problems.push(`${which} has no name.`)
    else if (!FIELD_NAME.test(field.name)) problems.push(`${which}: a name uses letters, digits and "_", and does not begin with a digit.`)
    else if (seen.has(field.name)) problems.push(`Two input fields are named "${field.name}".`)
    seen.add(field.name)
    if (field.type === 'enum') {
      if (field.options.length === 0) problems.push(`${which} is a choice but has no options.`)
      else if (field.options.some((option) => option.trim() === '')) problems.push(`${which} has an empty option.`)
      else if (new Set(field.options).size !== field.options.length) problems.push(`${which} lists an option twice.`)
    }
  })
  return problems
}

/** The JSON Schema of the run input the fields declare (what `/mcp` offers as the tool's inputSchema). */
export function inputFieldsToJsonSchema(fields: readonly InputField[]): Record<string, unknown> {
  const properties: Record<string, Record<string, unknown>> = {}
  for (const field of fields) {
    const type: Record<string, unknown> = field.type === 'enum' ? { type: 'string', enum: [...field.options] } : { type: field.type }
    properties[field.name] = field.description ? { ...type, description: field.description } : type
  }
  return { type: 'object', properties, required: fields.filter((field) => field.required).map((field) => field.name), additionalProperties: false }
}

const TYPE_WORDS: Record<InputFieldType, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  enum: 'one of the choices',
}

/** How a field's type reads in a sentence ("a whole number"). */
export function inputTypeWords(field: InputField): string {
  return field.type === 'enum' ? `one of ${field.options.map((option) => `"${option}"`).join(', ')}` : TYPE_WORDS[field.type]
}

function fieldValueSchema(field: InputField): z.ZodType {
  const error = (issue: { input?: unknown }) =>
    issue.input === undefined ? `"${field.name}" is required.` : `"${field.name}" must be ${inputTypeWords(field)}.`
  switch (field.type) {
    case 'string':
      return z.string({ error }).max(100_000, `"${field.name}" is too long (at most 100000 characters).`)
    case 'number':
      return z.number({ error })
    case 'integer':
      return z.number({ error }).int({ error })
    case 'boolean':
      return z.boolean({ error })
    case 'enum':
      return z.enum(field.options as [string, ...string[]], { error })
  }
}

/** The zod schema of the run input the fields declare: an object with exactly these fields, problems in words. */
export function inputFieldsZod(fields: readonly InputField[]): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {}
  for (const field of fields) shape[field.name] = field.required ? fieldValueSchema(field) : fieldValueSchema(field).optional()
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Not an input of this workflow: ${issue.keys.map((key) => `"${key}"`).join(', ')}.`
        : 'The input must be a JSON object with the declared fields.',
  })
}

/** One problem of a run input: the field it is about (none for the input as a whole) and what is wrong. */
export interface InputProblem {
  field?: string
  message: string
}

export type StartInputCheck = { ok: true; value: Record<string, unknown> } | { ok: false; problems: InputProblem[] }

/**
 * Checks a run input against the declared fields: an object, or JSON text of one (how inputs
 * travel as text). Only call it when fields are declared; without them the input is free text.
 */
export function checkStartInput(fields: readonly InputField[], input: unknown): StartInputCheck {
  let value = input
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input)
    } catch {
      return { ok: false, problems: [{ message: `The input must be a JSON object with the fields ${fields.map((field) => `"${field.name}"`).join(', ')}.` }] }
    }
  }
  const parsed = inputFieldsZod(fields).safeParse(value)
  if (parsed.success) return { ok: true, value: parsed.data }
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => {
      const field = issue.path.length > 0 ? String(issue.path[0]) : undefined
      return field === undefined ? { message: issue.message } : { field, message: issue.message }
    }),
  }
}

/** The problems as one paragraph, for an error message. */
export function inputProblemsText(problems: readonly InputProblem[]): string {
  return problems.map((problem) => problem.message).join(' ')
}
