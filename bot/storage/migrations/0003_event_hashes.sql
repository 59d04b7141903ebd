-- Each event carries a SHA-256 chained to the one before (engines.core.record.chain_hash),
-- so an edited, dropped or reordered event shows. Hashes of the events already stored are
-- filled in by the migration runner right after this file, in the same transaction
-- (SQLite has no SHA-256 function): see bot/storage/sqlite.py, _fill_event_hashes.
ALTER TABLE events ADD COLUMN hash TEXT;
