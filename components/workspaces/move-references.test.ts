import { describe, expect, it } from 'vitest'
import { ApiError } from '@/components/api-client'
import { missingReferencesOf } from './move-references'

describe('missingReferencesOf', () => {
  it('groups what the target workspace lacks, kinds with nothing left out', () => {
    const error = new ApiError(409, 'missing_references', 'The target workspace lacks …', {
      missing: { mcpServers: ['files'], skills: [], agents: ['a1', 'a2'], workflows: [] },
    })
    expect(missingReferencesOf(error)).toEqual([
      { label: 'MCP servers', names: ['files'] },
      { label: 'Agents', names: ['a1', 'a2'] },
    ])
  })
  it('is empty for a refusal whose details do not parse (the message still says it), and null for other errors', () => {
    expect(missingReferencesOf(new ApiError(409, 'missing_references', 'm', { missing: 'x' }))).toEqual([])
    expect(missingReferencesOf(new ApiError(403, 'forbidden', 'm'))).toBeNull()
    expect(missingReferencesOf(new Error('x'))).toBeNull()
  })
})
