import { WebSocketStatus } from '@hocuspocus/provider'
import { describe, expect, it } from 'vitest'
import { bannerText } from './LiveStatusBanner'
import { collabUrl, liveStatusOf } from './use-live-session'

const connection = {
  socket: WebSocketStatus.Connected,
  synced: true,
  everSynced: true,
  readOnly: false,
  refused: false,
  browserOffline: false,
}

describe('the live session', () => {
  it('connects to the workflow’s collab address on the same host, wss under https', () => {
    expect(collabUrl('wf 1', { protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/collab/wf%201')
    expect(collabUrl('wf1', { protocol: 'https:', host: 'loom.example' })).toBe('wss://loom.example/api/collab/wf1')
  })

  it('says connecting until the document first arrived, then live, following, offline or refused', () => {
    expect(liveStatusOf({ ...connection, synced: false, everSynced: false, socket: WebSocketStatus.Connecting })).toBe('connecting')
    expect(liveStatusOf(connection)).toBe('connected')
    expect(liveStatusOf({ ...connection, readOnly: true })).toBe('read-only')
    // Lost after it had the document: offline, and the person keeps editing.
    expect(liveStatusOf({ ...connection, socket: WebSocketStatus.Disconnected })).toBe('offline')
    expect(liveStatusOf({ ...connection, browserOffline: true })).toBe('offline')
    expect(liveStatusOf({ ...connection, refused: true, browserOffline: true })).toBe('refused')
  })

  it('names the banner’s reason', () => {
    expect(bannerText('offline', 'editor')).toBe('Offline — your changes will merge when you reconnect.')
    expect(bannerText('read-only', 'runner')).toContain('following live as a runner')
    expect(bannerText('read-only', null)).toContain('cannot edit')
    expect(bannerText('connected', 'editor')).toBeUndefined()
  })
})
