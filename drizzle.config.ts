import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema folder and applied by server/db/migrate.ts,
// identically on PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/*.ts',
  out: './server/db/migrations',
});
