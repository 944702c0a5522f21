/**
 * Counts the socket writes this process makes while `work` runs: each `_write` or `_writev` of a net.Socket is one
 * system call's worth. A count, not a timing (a group commit's writes: db/sql.int.test.ts, bench/run-path-costs.ts).
 */
import net from 'node:net'

type SocketWrite = (...args: unknown[]) => unknown

export async function countSocketWrites(work: () => Promise<void>): Promise<number> {
  const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', SocketWrite>
  const [write, writev] = [socket._write, socket._writev]
  let writes = 0
  const counted = (original: SocketWrite): SocketWrite =>
    function (this: unknown, ...args: unknown[]) {
      writes++
      return original.apply(this, args)
    }
  socket._write = counted(write)
  socket._writev = counted(writev)
  try {
    await work()
  } finally {
    socket._write = write
    socket._writev = writev
  }
  return writes
}
