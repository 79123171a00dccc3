-- Messages by the thousand, one array per column, for a seeded world. Every array goes as text: the embedded
-- database's driver sends an enum or jsonb array as one string.
-- @param $1:ids
-- @param $2:threadIds
-- @param $3:seqs
-- @param $4:roles
-- @param $5:speakers
-- @param $6:texts
-- @param $7:parts JSON text
-- @param $8:createdAts ISO timestamps
INSERT INTO "Message" (id, "threadId", seq, role, speaker, text, parts, "createdAt")
SELECT u.id, u."threadId", u.seq::int, u.role::"Role", u.speaker::"Speaker", u.text, u.parts::jsonb, u.at::timestamp(3)
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
  AS u(id, "threadId", seq, role, speaker, text, parts, at)
