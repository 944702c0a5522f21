import type { ReactNode } from 'react'
import { refName, type JsonSchemaView } from './openapi-view-types'

export interface SchemaViewProps {
  schema: JsonSchemaView
}

/** A JSON Schema as people read it: each property with its type, whether it is required, its limits and description. */
export function SchemaView({ schema }: SchemaViewProps) {
  return <div className="font-mono text-xs leading-5 text-zinc-800">{describe(schema, 0)}</div>
}

const MAX_DEPTH = 6

function describe(schema: JsonSchemaView, depth: number): ReactNode {
  if (schema.$ref) return <TypeRef name={refName(schema.$ref)} />
  const variants = schema.anyOf ?? schema.oneOf
  if (variants) {
    return (
      <span>
        one of:
        <ul className="ml-4 list-disc">
          {variants.map((variant, index) => (
            <li key={index}>{describe(variant, depth + 1)}</li>
          ))}
        </ul>
      </span>
    )
  }
  if (schema.properties && depth < MAX_DEPTH) {
    const required = new Set(schema.required ?? [])
    return (
      <span>
        object
        <ul className="ml-4 border-l border-zinc-200 pl-3">
          {Object.entries(schema.properties).map(([name, property]) => (
            <li key={name}>
              <span className="font-semibold">{name}</span>
              {required.has(name) ? <span className="text-rose-600">*</span> : <span className="text-zinc-400">?</span>}: {describe(property, depth + 1)}
              {property.description ? <span className="ml-2 font-sans text-zinc-500">{property.description}</span> : null}
            </li>
          ))}
        </ul>
      </span>
    )
  }
  if (schema.items) return <span>array of {describe(schema.items, depth + 1)}</span>
  return <span>{[typeName(schema), ...limits(schema)].join(' ')}</span>
}

function TypeRef({ name }: { name: string }) {
  return (
    <a href={`#schema-${name}`} className="text-indigo-700 underline">
      {name}
    </a>
  )
}

function typeName(schema: JsonSchemaView): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any')
  return schema.format ? `${type} (${schema.format})` : type
}

function limits(schema: JsonSchemaView): string[] {
  const out: string[] = []
  if (schema.minLength !== undefined) out.push(`min length ${schema.minLength}`)
  if (schema.maxLength !== undefined) out.push(`max length ${schema.maxLength}`)
  if (schema.minimum !== undefined) out.push(`≥ ${schema.minimum}`)
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`)
  if (schema.maximum !== undefined) out.push(`≤ ${schema.maximum}`)
  if (schema.maxItems !== undefined) out.push(`at most ${schema.maxItems} items`)
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`)
  return out.length ? [`(${out.join(', ')})`] : []
}
