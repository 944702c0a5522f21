/**
 * What the inspector's field controls share: how a control reports a change, and the props of the
 * control that renders any field. The list editors render fields of their own (a participant's
 * settings) with the control handed to them, so they never import it.
 */
import type { ComponentType } from 'react'
import type { FieldPath, InspectorField } from '../inspector-fields'

export interface FieldChange {
  (path: FieldPath, value: unknown, options?: { mergeKey?: string; removeEdgeHandles?: string[] }): void
}

export interface FieldControlProps {
  field: InspectorField
  /** The whole node data; the field reads `basePath + field.path` from it. */
  data: Record<string, unknown>
  basePath?: FieldPath
  onChange: FieldChange
  /** Prefix for test ids of nested fields (e.g. `participants-0`). */
  testIdPrefix?: string
}

/** The component that renders one field of any type (FieldControl). */
export type FieldRenderer = ComponentType<FieldControlProps>

/** An editor of a list or group inside the node's data, at `path`. */
export interface ListEditorProps {
  label: string
  help?: string
  testId: string
  data: Record<string, unknown>
  path: FieldPath
  onChange: FieldChange
}
