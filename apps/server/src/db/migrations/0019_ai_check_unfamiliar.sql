-- Issue 15 (an honest verdict): whether the AI detector found the text's style unfamiliar (unlike anything it was
-- trained on; it then caps the verdict). Such a result reads as "not enough evidence to tell" whatever its level
-- (contracts aiVerdictReading). Null for checks made before it was recorded, and for checks not done.
ALTER TABLE ai_checks ADD COLUMN unfamiliar boolean;
