'use client'

/**
 * Saving the add/edit form: create or update, the confirmation the API asks for when workflows use
 * the server, and the errors to show (per field and overall).
 */
import { useState } from 'react'
import { ApiError, errorMessage } from '@/components/api-client'
import { useCreateMcpServer, useUpdateMcpServer } from '@/components/queries/mcp-servers'
import type { ConfirmRequiredDetails, McpServerDetail } from '@/lib/contracts/mcp-servers'
import { affectedWorkflowsOf } from './mcp-api'
import { createRequest, fieldErrorsFrom, unplacedIssues, updateRequest, type FieldErrors, type ServerForm } from './server-form'

export interface SaveFailure {
  /** The API asks to confirm the change for the workflows that use the server: a question, not an error. */
  confirmation: ConfirmRequiredDetails | null
  error: string | null
  fieldErrors: FieldErrors
}

const NO_FAILURE: SaveFailure = { confirmation: null, error: null, fieldErrors: {} }

/** What a failed save shows (nothing for a save that did not fail). */
export function saveFailureOf(failure: unknown): SaveFailure {
  if (failure === null || failure === undefined) return NO_FAILURE
  const confirmation = affectedWorkflowsOf(failure)
  if (confirmation) return { ...NO_FAILURE, confirmation }
  if (!(failure instanceof ApiError)) return { ...NO_FAILURE, error: errorMessage(failure) }
  const fieldErrors = fieldErrorsFrom(failure.details)
  // The answer's message lists every issue ("Invalid request body: id: …; name: …"): the fields say
  // theirs, and only what no field took is said again below them.
  const placed = Object.keys(fieldErrors).length > 0
  const unplaced = unplacedIssues(failure.details)
  return { confirmation: null, error: !placed ? errorMessage(failure) : unplaced.length > 0 ? unplaced.join(' ') : null, fieldErrors }
}

export interface ServerFormSubmit {
  /** Set when the API answered that workflows use the server: the next save confirms the change. */
  confirmation: ConfirmRequiredDetails | null
  error: string | null
  fieldErrors: FieldErrors
  busy: boolean
  save: (form: ServerForm) => void
  /** A different change needs its own confirmation: called when the form changes. */
  forgetConfirmation: () => void
}

/** `server` is the one being edited, as saved; absent when adding one. */
export function useServerFormSubmit(server: McpServerDetail | undefined, onSaved: (server: McpServerDetail) => void): ServerFormSubmit {
  const create = useCreateMcpServer()
  const update = useUpdateMcpServer()
  const saving = server ? update : create
  // Kept apart from the mutation's error: it stays while the confirmed save is on its way, and after it fails.
  const [confirmation, setConfirmation] = useState<ConfirmRequiredDetails | null>(null)
  const { error, fieldErrors } = saveFailureOf(saving.error)
  // The version the form was opened from: a refetch of `server` while it is open must not move it silently.
  const [baseVersion] = useState(server?.version)
  const callbacks = { onSuccess: onSaved, onError: (failure: unknown) => setConfirmation((shown) => saveFailureOf(failure).confirmation ?? shown) }

  const save = (form: ServerForm) => {
    if (!server) return create.mutate(createRequest(form), callbacks)
    const confirm = confirmation ? { confirm: true } : {}
    update.mutate({ id: server.id, patch: { ...updateRequest(form, server), ...confirm, baseVersion: baseVersion ?? server.version } }, callbacks)
  }

  return { confirmation, error, fieldErrors, busy: saving.isPending, save, forgetConfirmation: () => setConfirmation(null) }
}
