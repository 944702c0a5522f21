'use client'

import type { SelectHTMLAttributes } from 'react'
import { Select } from '@/components/ui'
import { WORKSPACE_ROLES, type WorkspaceRole } from '@/lib/contracts/workspaces'
import { ROLE_MEANING } from './current-workspace'

const OPTIONS = WORKSPACE_ROLES.map((role) => ({ value: role, label: role.charAt(0).toUpperCase() + role.slice(1) }))

/** A role picker; each option's meaning is its title (the hover text). */
export function RoleSelect({
  value,
  onChange,
  ...props
}: { value: WorkspaceRole; onChange: (role: WorkspaceRole) => void } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>) {
  return <Select {...props} value={value} title={ROLE_MEANING[value]} options={OPTIONS} onChange={(event) => onChange(event.target.value as WorkspaceRole)} />
}
