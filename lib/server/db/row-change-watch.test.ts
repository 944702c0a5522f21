import { describe, expect, it } from 'vitest'
import { ROW_CHANGES_CHANNEL, RowChangeWatch } from './row-change-watch'

/** PgNotifications and the database's notices, driven by the test. */
function fakes() {
  const state = {
    listening: false,
    onNotification: undefined as ((payload: string) => void) | undefined,
    onNotice: undefined as ((message: string) => void) | undefined,
    onLost: undefined as (() => void) | undefined,
    onReconnect: undefined as (() => void) | undefined,
    listens: 0,
  }
  const notifications = {
    async listen(channel: string, listener: (payload: string) => void) {
      expect(channel).toBe(ROW_CHANGES_CHANNEL)
      state.listens++
      state.onNotification = listener
      // As a real LISTEN: in place a round trip later.
      await new Promise((resolve) => setImmediate(resolve))
      state.listening = true
      return () => {}
    },
    isListening: () => state.listening,
    onLost: (listener: () => void) => ((state.onLost = listener), () => {}),
    onReconnect: (listener: () => void) => ((state.onReconnect = listener), () => {}),
  }
  const database = { onNotice: (listener: (message: string) => void) => ((state.onNotice = listener), () => {}) }
  return { state, watch: new RowChangeWatch(notifications, database) }
}

describe('RowChangeWatch', () => {
  it('starts listening at its first use, and has no generation until the LISTEN is in place', async () => {
    const { state, watch } = fakes()
    expect(state.listens).toBe(0)
    expect(watch.generation('principals')).toBeUndefined()
    expect(state.listens).toBe(1)
    await new Promise((resolve) => setImmediate(resolve))
    expect(watch.generation('principals')).toBe(0)
    watch.generation('agents')
    expect(state.listens).toBe(1)
  })

  it('counts a change of what each announcement names, heard by notification or by notice', async () => {
    const { state, watch } = fakes()
    watch.generation('principals')
    await new Promise((resolve) => setImmediate(resolve))
    state.onNotification!('principals')
    expect([watch.generation('principals'), watch.generation('agents')]).toEqual([1, 0])
    state.onNotification!('principals,agents')
    expect([watch.generation('principals'), watch.generation('agents')]).toEqual([2, 1])
    state.onNotice!(`${ROW_CHANGES_CHANNEL}:agents`)
    expect([watch.generation('principals'), watch.generation('agents')]).toEqual([2, 2])
    // Other notices (a migration's, another trigger's) and unknown names change nothing.
    state.onNotice!('relation "x" already exists, skipping')
    state.onNotification!('workflows')
    state.onNotification!('constructor,toString')
    expect([watch.generation('principals'), watch.generation('agents')]).toEqual([2, 2])
  })

  it('has no generation while the listening connection is lost, and counts its loss and return as changes of everything', async () => {
    const { state, watch } = fakes()
    watch.generation('principals')
    await new Promise((resolve) => setImmediate(resolve))
    state.listening = false
    state.onLost!()
    expect(watch.generation('principals')).toBeUndefined()
    state.listening = true
    state.onReconnect!()
    expect([watch.generation('principals'), watch.generation('agents')]).toEqual([2, 2])
  })
})
