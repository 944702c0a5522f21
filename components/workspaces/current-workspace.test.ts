import { describe, expect, it } from 'vitest'
import type { WorkspaceView } from '@/lib/contracts/workspaces'
import { canEdit, canRun, inWorkspace, moveTargets, pickCurrentWorkspace, roleLabel, workspaceCookie, workspaceFromSearch } from './current-workspace'

const workspace = (id: string, kind: 'personal' | 'team', role: WorkspaceView['role'] = 'owner'): WorkspaceView => ({
  id,
  name: id,
  kind,
  role,
  approver: false,
  createdAt: '2026-01-01T00:00:00.000Z',
})

describe('pickCurrentWorkspace', () => {
  const list = [workspace('mine', 'personal'), workspace('team', 'team', 'runner')]
  it('is the wanted one when it is the person’s', () => expect(pickCurrentWorkspace(list, 'team')?.id).toBe('team'))
  it('falls back to the personal one for an unknown, removed or absent id', () => {
    expect(pickCurrentWorkspace(list, 'gone')?.id).toBe('mine')
    expect(pickCurrentWorkspace(list, null)?.id).toBe('mine')
    expect(pickCurrentWorkspace([workspace('team', 'team'), workspace('mine', 'personal')], undefined)?.id).toBe('mine')
  })
  it('is the first without a personal one, and none for no workspaces', () => {
    expect(pickCurrentWorkspace([workspace('a', 'team')], 'x')?.id).toBe('a')
    expect(pickCurrentWorkspace([], 'x')).toBeNull()
  })
})

describe('the remembered workspace', () => {
  it('is a year-long, site-wide, Lax cookie (Secure over https)', () => {
    expect(workspaceCookie('a b', false)).toBe('agentloom-workspace=a%20b; Path=/; Max-Age=31536000; SameSite=Lax')
    expect(workspaceCookie('x', true)).toMatch(/; Secure$/)
  })
  it('is named by ?workspace= in a link', () => {
    expect(workspaceFromSearch('?workspace=abc&x=1')).toBe('abc')
    expect(workspaceFromSearch('?workspace=')).toBeNull()
    expect(workspaceFromSearch('')).toBeNull()
  })
})

describe('roles', () => {
  it('edit from editor up, run from runner up', () => {
    expect(['owner', 'editor', 'runner', 'viewer'].map((role) => canEdit(role as WorkspaceView['role']))).toEqual([true, true, false, false])
    expect(['owner', 'editor', 'runner', 'viewer'].map((role) => canRun(role as WorkspaceView['role']))).toEqual([true, true, true, false])
    expect(canEdit(null)).toBe(false)
  })
  it('read with the approver flag (owners approve anyway)', () => {
    expect(roleLabel('runner', true)).toBe('Runner · approver')
    expect(roleLabel('owner', true)).toBe('Owner')
    expect(roleLabel('viewer', false)).toBe('Viewer')
  })
  it('allow moving a workflow into another workspace one edits in', () => {
    const list = [workspace('mine', 'personal'), workspace('ran', 'team', 'runner'), workspace('ed', 'team', 'editor')]
    expect(moveTargets(list, 'mine').map((w) => w.id)).toEqual(['ed'])
  })
})

describe('inWorkspace', () => {
  it('names the workspace in a query string, or nothing', () => {
    expect(inWorkspace('a/b')).toBe('?workspaceId=a%2Fb')
    expect(inWorkspace('x', '&')).toBe('&workspaceId=x')
    expect(inWorkspace(undefined)).toBe('')
    expect(inWorkspace(null, '&')).toBe('')
  })
})
