-- A small workload for sqlite3: a table, an index, a join, a group by,
-- a recursive common table expression and a trigger.
CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 2999)
INSERT INTO item SELECT i, 'item' || ((i * 7919) % 3001), (i * 37) % 101 FROM n;
CREATE INDEX item_score ON item(score, name);
CREATE TABLE log(id INTEGER, old INTEGER, new INTEGER);
CREATE TRIGGER item_upd AFTER UPDATE ON item BEGIN
  INSERT INTO log VALUES (new.id, old.score, new.score);
END;
UPDATE item SET score = score + 1 WHERE score % 7 = 0;
SELECT score, count(*), min(name) FROM item GROUP BY score ORDER BY count(*) DESC LIMIT 5;
SELECT count(*) FROM item a JOIN item b ON a.name = b.name AND a.id < b.id;
SELECT count(*) FROM log;
