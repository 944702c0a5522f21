/**
 * Counts the socket writes this process makes while `work` runs (only those on `socket` when it is given: other work
 * in the process, a test file's neighbours, may write meanwhile): each `_write` or `_writev` of a net.Socket is one
 * system call's worth. A count, not a timing (a group commit's writes: db/sql.int.test.ts, bench/run-path-costs.ts).
 */
import net from 'node:net'

type SocketWrite = (...args: unknown[]) => unknown

export async function countSocketWrites(work: () => Promise<void>, socket?: net.Socket): Promise<number> {
  const prototype = net.Socket.prototype as unknown as Record<'_write' | '_writev', SocketWrite>
  const [write, writev] = [prototype._write, prototype._writev]
  let writes = 0
  const counted = (original: SocketWrite): SocketWrite =>
    function (this: unknown, ...args: unknown[]) {
      if (socket === undefined || this === socket) writes++
      return original.apply(this, args)
    }
  prototype._write = counted(write)
  prototype._writev = counted(writev)
  try {
    await work()
  } finally {
    prototype._write = write
    prototype._writev = writev
  }
  return writes
}
