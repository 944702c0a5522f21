/**
 * A loopback HTTP server with the live-editing endpoint, for tests and the bench: the same
 * CollabServer the app starts, on the upgrades of a plain Node server (the app's own is Next's,
 * reached through collab-upgrade.ts's prototype hook, which collab-host-script.ts exercises).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AppContext } from '../../app-context'
import type { CollabServer, CollabServerOptions } from '../collab-server'
import { startCollabServer } from '../collab-upgrade'

export interface LiveHost {
  baseUrl: string
  collab: CollabServer
  close(): Promise<void>
}

export async function startLiveHost(app: AppContext, options: CollabServerOptions = {}): Promise<LiveHost> {
  const collab = await startCollabServer(app, options)
  const server = http.createServer((_request, response) => response.writeHead(404).end())
  server.on('upgrade', (request, socket, head) => void collab.handleUpgrade(request, socket, head))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    collab,
    async close() {
      await collab.close()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
