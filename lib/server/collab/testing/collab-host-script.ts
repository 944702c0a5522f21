/**
 * A web process for the multi-process tests of live editing: the app's context on DATABASE_URL and
 * the collab endpoint installed as instrumentation.ts installs it (the `http.Server` prototype hook),
 * on a plain Node server on a free loopback port. Prints `listening <port>` once it answers.
 * Compiled with esbuild and started as a real child process by collab-processes.int.test.ts.
 */
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { assembleAppContext } from '../../app-assembly'
import { openDatabase } from '../../db/database'
import { installCollabUpgrade, processCollabServer } from '../collab-upgrade'

const url = process.env.DATABASE_URL
if (!url) throw new Error('DATABASE_URL is required')
const app = assembleAppContext(await openDatabase({ kind: 'postgres', url, migrate: false }), randomBytes(32))
installCollabUpgrade(() => processCollabServer(() => Promise.resolve(app)))
// Started before the first upgrade, so that this process relays from the moment it says it listens.
await processCollabServer(() => Promise.resolve(app))
const server = http.createServer((_request, response) => response.writeHead(404).end())
// As `next start`'s server has (Node hands a request to 'upgrade' only when someone listens): other upgrades end here.
server.on('upgrade', (_request, socket) => socket.destroy())
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`))
