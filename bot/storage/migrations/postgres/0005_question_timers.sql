-- Issue 15: a timer for a question whose deadline passes (an Axis & Allies casualty question:
-- then the player's standing order answers it). The kind's CHECK gets the new kind.
ALTER TABLE timers DROP CONSTRAINT timers_kind_check;
ALTER TABLE timers ADD CONSTRAINT timers_kind_check CHECK (kind IN ('reminder', 'timeout', 'question'));
