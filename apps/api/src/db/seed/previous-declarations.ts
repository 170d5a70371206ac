import type { Executor } from '../client.js';
import { run } from './sql.js';
import type { SqlRandom } from './sql-random.js';

/** Share of the closed year's schools (in 100) that never declared their holder list that year. */
export const UNDECLARED_PERCENT = 5;

/**
 * The closed year's holders declarations, one INSERT: about 95 % of the schools with inscriptions
 * that year hold a current holders declaration of it (kind 2, the record a closed year's 'CONCLUIDO'
 * is read from, decision 040), consolidated by the school's director (the admin where it has none) a
 * few days after its last titular was validated, inside that year and before its payment campaign. Each carries
 * what the public verification shows (its totals, a verification code and its hash) but no print:
 * `pdf` is empty, and the closed-year download renders it on demand from that year's records.
 */
export async function loadPreviousDeclarations(
  tx: Executor,
  r: SqlRandom,
  facts: { previous: number; deadline: string; admin: number | null },
): Promise<void> {
  const { previous } = facts;
  const label = (text: string, value: string) =>
    `jsonb_build_object('label', '${text}', 'value', (${value})::text)`;
  await run(
    tx,
    `INSERT INTO declarations (institution_id, kind, version, year, data, pdf, sha256, file_name,
       verification_code, code_hash, consolidated_at, consolidated_by, consolidated_by_name, stored_at)
     SELECT s.institution_id, 2,
       -- Versions count per school, kind and year (decision 042): the year's first, 1.
       1 + coalesce((SELECT max(d.version) FROM declarations d
                     WHERE d.institution_id = s.institution_id AND d.kind = 2 AND d.year = ${previous}), 0),
       ${previous},
       jsonb_build_object('content', NULL, 'totals', jsonb_build_array(
         ${label('Estudiantes inscritos', 's.total')},
         ${label('Con titular registrado', 's.apoderados + s.maestros + s.directores')},
         ${label('Titulares apoderados', 's.apoderados')},
         ${label('Titulares maestros', 's.maestros')},
         ${label('Titulares directores', 's.directores')},
         ${label('Baja / sin titular', '0')},
         ${label('Pendientes', 's.total - s.apoderados - s.maestros - s.directores')})),
       -- No print, so no hash of one: the SHA-256 of a download is the one it carries (ETag).
       ''::bytea, '',
       'DDJJ_TITULARES_' || s.institution_id || '_' || to_char(s.local, 'YYYYMMDDHH24MISS') || '.pdf',
       s.code, encode(sha256(convert_to(replace(s.code, '-', ''), 'UTF8')), 'hex'),
       (s.local::text || '-04')::timestamptz, s.by,
       coalesce(nullif(trim(u.name || ' ' || u.first_last_name), ''), 'Administrador'),
       (s.local::text || '-04')::timestamptz
     FROM (
       SELECT c.*,
         -- 16 hex symbols are 16 Crockford base32 symbols (0-9, A-F), grouped as the codes printed.
         regexp_replace(upper(substr(md5('seed-previous-holders-' || c.institution_id), 1, 16)),
           '(.{4})(.{4})(.{4})(.{4})', '\\1-\\2-\\3-\\4') AS code,
         -- Bolivian local time (UTC−4 all year), between 09:00 and 17:00 of a day inside the closed
         -- year and before its payment campaign (13 October): the demo's titular dates follow the
         -- seed's 'today', so they may fall later and are only a starting point.
         least(greatest((c.last_validated AT TIME ZONE 'UTC' - INTERVAL '4 hours')::date + 1 + ${r.below('c.institution_id', 134, 5)},
                        DATE '${previous}-08-01'),
               DATE '${previous}-10-12' - ${r.below('c.institution_id', 136, 20)},
               DATE '${facts.deadline}')::timestamp
           + INTERVAL '9 hours' + ${r.below('c.institution_id', 135, 28_800)} * INTERVAL '1 second' AS local,
         coalesce((SELECT min(sc.user_id) FROM user_scopes sc JOIN users du ON du.id = sc.user_id AND du.profile = 9
                   WHERE sc.institution_id = c.institution_id), ${facts.admin ?? 'NULL'}) AS by
       FROM (
         SELECT n.institution_id, count(*)::int AS total,
           (count(*) FILTER (WHERE t.holder_type_id = 1))::int AS apoderados,
           (count(*) FILTER (WHERE t.holder_type_id = 2))::int AS maestros,
           (count(*) FILTER (WHERE t.holder_type_id = 3))::int AS directores,
           coalesce(max(t.validated_at), (DATE '${facts.deadline}')::timestamptz) AS last_validated
         FROM inscriptions n
         LEFT JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
         WHERE n.year = ${previous}
         GROUP BY n.institution_id
       ) c
       WHERE ${r.below('c.institution_id', 133, 100)} >= ${UNDECLARED_PERCENT}
     ) s
     LEFT JOIN users u ON u.id = s.by
     ORDER BY s.institution_id`,
  );
}
