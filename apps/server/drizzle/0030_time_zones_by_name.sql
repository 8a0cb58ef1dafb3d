-- Time zones become IANA names (with daylight saving) instead of the spec's fixed UTC offsets. Each old offset maps to
-- a zone that keeps that offset all year, so a user's dates read as before: whole hours to the fixed Etc/GMT zones
-- (whose POSIX sign is inverted: Etc/GMT+5 is UTC-05:00), the half and quarter hours to the one place each names.
UPDATE "users" SET "timezone" = "zones"."name"
FROM (VALUES
  ('-12:00', 'Etc/GMT+12'), ('-11:00', 'Etc/GMT+11'), ('-10:00', 'Etc/GMT+10'), ('-09:00', 'Etc/GMT+9'),
  ('-08:00', 'Etc/GMT+8'), ('-07:00', 'Etc/GMT+7'), ('-06:00', 'Etc/GMT+6'), ('-05:00', 'Etc/GMT+5'),
  ('-04:00', 'Etc/GMT+4'), ('-03:00', 'Etc/GMT+3'), ('-02:00', 'Etc/GMT+2'), ('-01:00', 'Etc/GMT+1'),
  ('+00:00', 'UTC'), ('+01:00', 'Etc/GMT-1'), ('+02:00', 'Etc/GMT-2'), ('+03:00', 'Etc/GMT-3'),
  ('+03:30', 'Asia/Tehran'), ('+04:00', 'Etc/GMT-4'), ('+04:30', 'Asia/Kabul'), ('+05:00', 'Etc/GMT-5'),
  ('+05:30', 'Asia/Kolkata'), ('+05:45', 'Asia/Kathmandu'), ('+06:00', 'Etc/GMT-6'), ('+07:00', 'Etc/GMT-7'),
  ('+08:00', 'Etc/GMT-8'), ('+09:00', 'Etc/GMT-9'), ('+09:30', 'Australia/Darwin'), ('+10:00', 'Etc/GMT-10'),
  ('+11:00', 'Etc/GMT-11'), ('+12:00', 'Etc/GMT-12')
) AS "zones"("offset", "name")
WHERE "users"."timezone" = "zones"."offset";
