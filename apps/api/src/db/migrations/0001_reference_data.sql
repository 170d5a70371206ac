-- Reference data every database needs, whatever its size: departments, levels, grades, parallels,
-- shifts, relationships, holder types and roles. The audit log is append-only.
INSERT INTO departments (id, code, name) VALUES
  (1, 'CHU', 'Chuquisaca'), (2, 'LP', 'La Paz'), (3, 'CBA', 'Cochabamba'), (4, 'OR', 'Oruro'),
  (5, 'PT', 'Potosi'), (6, 'TJ', 'Tarija'), (7, 'SCZ', 'Santa Cruz'), (8, 'BN', 'Beni'), (9, 'PN', 'Pando');
--> statement-breakpoint
INSERT INTO levels (id, name) VALUES (1, 'Especial'), (12, 'Primaria'), (13, 'Secundaria');
--> statement-breakpoint
INSERT INTO grades (id, name) VALUES (1, 'Primero'), (2, 'Segundo'), (3, 'Tercero'), (4, 'Cuarto'), (5, 'Quinto'),
  (6, 'Sexto'), (99, 'CEA');
--> statement-breakpoint
INSERT INTO parallels (id, name) SELECT n, chr(64 + n) FROM generate_series(1, 26) AS n;
--> statement-breakpoint
INSERT INTO shifts (id, name) VALUES (1, 'Mañana'), (2, 'Tarde'), (3, 'Noche');
--> statement-breakpoint
INSERT INTO relationships (id, name) VALUES (1, 'MADRE'), (2, 'PADRE'), (3, 'ABUELA/O'), (4, 'HERMANA/O'),
  (5, 'TIA/O'), (6, 'MAESTRA/O'), (7, 'DIRECTORA/OR'), (8, 'TUTORA/TUTOR'), (9, 'OTROS'), (10, 'HIJA/O'),
  (11, 'ESPOSA/O'), (12, 'ENCARGADO/A CENTRO ACOGIDA'), (13, 'BENEFICIARIO MAYOR DE EDAD');
--> statement-breakpoint
INSERT INTO holder_types (id, name) VALUES (1, 'APODERADO'), (2, 'MAESTRO'), (3, 'DIRECTOR');
--> statement-breakpoint
INSERT INTO roles (id, name) VALUES (1, 'Administrador'), (2, 'Comunicación'), (3, 'Solicitante'),
  (4, 'Publico General'), (5, 'Estudiante'), (6, 'Maestros'), (7, 'Directores'), (8, 'Root');
--> statement-breakpoint
INSERT INTO periods (id, name, phase, subsystems, starts_on, ends_on, departmental, district, institutional, active, state)
  VALUES (1, 'Registro de titulares', 'Registro Titulares BJP 2025', ARRAY['Regular', 'Especial'],
          '2025-10-13', '2025-11-29', true, true, true, true, 'VIGENTE');
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('periods', 'id'), 1);
--> statement-breakpoint
INSERT INTO programme_settings (id, year, amount_per_student, director_deadline, calendar_start, registration_period_id)
  VALUES (1, 2025, 200, '2025-11-29', '2025-10-13', 1);
--> statement-breakpoint
CREATE FUNCTION audit_log_is_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
