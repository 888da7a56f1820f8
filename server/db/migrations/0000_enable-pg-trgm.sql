-- Trigram indexes back the free-text search over property address and city.
-- PGlite loads the extension from @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
