-- Each event carries a SHA-256 chained to the one before (engines.core.record.chain_hash).
-- No PostgreSQL database held events before this migration, so there is nothing to fill in.
ALTER TABLE events ADD COLUMN hash TEXT;
