-- A team deciding what becomes of a seat that left has a time to choose: a timer of the new kind
-- 'team'.
ALTER TABLE timers DROP CONSTRAINT timers_kind_check;
ALTER TABLE timers ADD CONSTRAINT timers_kind_check CHECK (kind IN ('reminder', 'timeout', 'question', 'team'));

-- A seat's player now, when it changed hands (a substitute, a teammate taking it over): the
-- listings (/games) name them. user_id and name stay who sat down first; the record says who
-- played which moves. NULL: the seat never changed hands.
ALTER TABLE seats ADD COLUMN holder_id TEXT;
ALTER TABLE seats ADD COLUMN holder_name TEXT;
CREATE INDEX seats_by_holder ON seats (holder_id);
