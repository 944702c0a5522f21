#!/usr/bin/env node
// `npx agentloom …`: runs the TypeScript command line with tsx (a dependency, as for `npm run worker`),
// in this process, with the repository's tsconfig so that `@/lib/...` imports resolve.
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) })
await import('../scripts/agentloom.ts')
