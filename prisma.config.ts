import 'dotenv/config'
import { defineConfig } from 'prisma/config'

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  // Read the variable directly: prisma's env() helper throws when it is unset, and
  // without DATABASE_URL the app uses its embedded Postgres.
  datasource: { url: process.env.DATABASE_URL ?? '' },
})
