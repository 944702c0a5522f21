/**
 * Reads the document change a Hocuspocus message carries, if any: a Sync (or SyncReply) message of
 * type step 2 or update. Everything else (step 1, awareness, auth, stateless) changes no document.
 * Layout: varString document name, varUint message type, varUint sync type, varUint8Array update.
 */
import * as decoding from 'lib0/decoding'

const MESSAGE_SYNC = 0
const MESSAGE_SYNC_REPLY = 4
const SYNC_STEP_2 = 1
const SYNC_UPDATE = 2

/** The update a message carries; undefined for messages that change nothing (and for an empty update). */
export function documentChangeOf(message: Uint8Array): Uint8Array | undefined {
  try {
    const decoder = decoding.createDecoder(message)
    decoding.readVarString(decoder)
    const type = decoding.readVarUint(decoder)
    if (type !== MESSAGE_SYNC && type !== MESSAGE_SYNC_REPLY) return undefined
    const syncType = decoding.readVarUint(decoder)
    if (syncType !== SYNC_STEP_2 && syncType !== SYNC_UPDATE) return undefined
    const update = decoding.readVarUint8Array(decoder)
    // Two zero bytes: no structs, no deletions (a step 2 from a client with nothing new).
    return update.length <= 2 && update.every((byte) => byte === 0) ? undefined : update
  } catch {
    // Malformed: Hocuspocus refuses it when it reads it; nothing to store.
    return undefined
  }
}
