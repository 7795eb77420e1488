import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the migrations create (`pg_trgm` for the agents' search, migration 0008):
 * PostgreSQL ships them in contrib, PGlite loads them when opened with these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
