import * as encoding from 'lib0/encoding'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { documentChangeOf } from './sync-message'

function message(type: number, syncType: number, payload: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarString(encoder, 'wf-1')
  encoding.writeVarUint(encoder, type)
  encoding.writeVarUint(encoder, syncType)
  encoding.writeVarUint8Array(encoder, payload)
  return encoding.toUint8Array(encoder)
}

describe('documentChangeOf', () => {
  const doc = new Y.Doc()
  doc.getMap('nodes').set('a', 1)
  const update = Y.encodeStateAsUpdate(doc)

  it('reads the update of a sync step 2 and of an update message (Sync and SyncReply alike)', () => {
    expect(documentChangeOf(message(0, 2, update))).toEqual(update)
    expect(documentChangeOf(message(0, 1, update))).toEqual(update)
    expect(documentChangeOf(message(4, 2, update))).toEqual(update)
  })

  it('finds no change in a step 1, an empty update, awareness, or a malformed message', () => {
    expect(documentChangeOf(message(0, 0, Y.encodeStateVector(doc)))).toBeUndefined()
    expect(documentChangeOf(message(0, 2, Y.encodeStateAsUpdate(new Y.Doc())))).toBeUndefined()
    expect(documentChangeOf(message(1, 2, update))).toBeUndefined()
    expect(documentChangeOf(new Uint8Array([4, 119]))).toBeUndefined()
  })
})
