CREATE TABLE "holder_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"inscription_id" integer PRIMARY KEY NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"paid_on" date,
	"bank" text,
	"mode" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"carnet" text NOT NULL,
	"complemento" text DEFAULT '' NOT NULL,
	"first_last_name" text DEFAULT '' NOT NULL,
	"second_last_name" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"birth_date" date NOT NULL,
	"gender" smallint NOT NULL,
	"foreign" boolean DEFAULT false NOT NULL,
	"segip_verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "relationships" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "titular_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"inscription_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"relationship_id" smallint NOT NULL,
	"holder_type_id" smallint NOT NULL,
	"registered_institution_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"removed_at" timestamp with time zone,
	"removed_by" integer
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phase" text NOT NULL,
	"subsystems" text[] NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"departmental" boolean DEFAULT false NOT NULL,
	"district" boolean DEFAULT false NOT NULL,
	"institutional" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'VIGENTE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"year" smallint NOT NULL,
	"amount_per_student" integer NOT NULL,
	"director_deadline" date NOT NULL,
	"calendar_start" date NOT NULL,
	"registration_period_id" integer NOT NULL,
	CONSTRAINT "programme_settings_single_row" CHECK ("programme_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "stats_beneficiaries" (
	"department_id" smallint NOT NULL,
	"district_id" integer NOT NULL,
	"dependency" smallint NOT NULL,
	"area" char(1) NOT NULL,
	"level_id" smallint NOT NULL,
	"grade_id" smallint NOT NULL,
	"total" integer NOT NULL,
	"paid" integer NOT NULL,
	"male" integer NOT NULL,
	"female" integer NOT NULL,
	CONSTRAINT "stats_beneficiaries_district_id_dependency_area_level_id_grade_id_pk" PRIMARY KEY("district_id","dependency","area","level_id","grade_id")
);
--> statement-breakpoint
CREATE TABLE "stats_payments_daily" (
	"department_id" smallint NOT NULL,
	"district_id" integer NOT NULL,
	"level_id" smallint NOT NULL,
	"paid_on" date NOT NULL,
	"paid" integer NOT NULL,
	CONSTRAINT "stats_payments_daily_district_id_level_id_paid_on_pk" PRIMARY KEY("district_id","level_id","paid_on")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"level_id" smallint NOT NULL,
	"grade_id" smallint NOT NULL,
	"parallel_id" smallint NOT NULL,
	"shift_id" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "departments_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"id" integer PRIMARY KEY NOT NULL,
	"department_id" smallint NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code_type" smallint NOT NULL,
	"dependency" smallint NOT NULL,
	"area" char(1) NOT NULL,
	"subsystem" text NOT NULL,
	"district_id" integer NOT NULL,
	"department_id" smallint NOT NULL,
	"holders_consolidated_at" timestamp with time zone,
	"holders_consolidated_by" integer
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parallels" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"rude" text NOT NULL,
	"first_last_name" text DEFAULT '' NOT NULL,
	"second_last_name" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"gender" smallint NOT NULL,
	"birth_date" date NOT NULL,
	"document_number" text,
	"document_complement" text DEFAULT '' NOT NULL,
	"segip_id" smallint DEFAULT 0 NOT NULL,
	"empareja_sereci" boolean DEFAULT false NOT NULL,
	CONSTRAINT "students_rude_unique" UNIQUE("rude")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" smallint NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_scopes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"department_id" smallint,
	"district_id" integer,
	"institution_id" integer
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"first_last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"type" smallint NOT NULL,
	"profile" smallint,
	"has_access" boolean DEFAULT true NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_inscription_id_inscriptions_id_fk" FOREIGN KEY ("inscription_id") REFERENCES "public"."inscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titular_assignments" ADD CONSTRAINT "titular_assignments_inscription_id_inscriptions_id_fk" FOREIGN KEY ("inscription_id") REFERENCES "public"."inscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titular_assignments" ADD CONSTRAINT "titular_assignments_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titular_assignments" ADD CONSTRAINT "titular_assignments_relationship_id_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."relationships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titular_assignments" ADD CONSTRAINT "titular_assignments_holder_type_id_holder_types_id_fk" FOREIGN KEY ("holder_type_id") REFERENCES "public"."holder_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_parallel_id_parallels_id_fk" FOREIGN KEY ("parallel_id") REFERENCES "public"."parallels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_scopes" ADD CONSTRAINT "user_scopes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_scopes" ADD CONSTRAINT "user_scopes_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_scopes" ADD CONSTRAINT "user_scopes_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_scopes" ADD CONSTRAINT "user_scopes_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_paid_on_idx" ON "payments" USING btree ("paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_document" ON "persons" USING btree ("carnet","complemento");--> statement-breakpoint
CREATE UNIQUE INDEX "titular_one_active_per_inscription" ON "titular_assignments" USING btree ("inscription_id") WHERE removed_at is null;--> statement-breakpoint
CREATE INDEX "titular_person_idx" ON "titular_assignments" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "stats_beneficiaries_department_idx" ON "stats_beneficiaries" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "stats_payments_daily_day_idx" ON "stats_payments_daily" USING btree ("paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_unique" ON "courses" USING btree ("institution_id","year","level_id","grade_id","parallel_id","shift_id");--> statement-breakpoint
CREATE INDEX "districts_department_idx" ON "districts" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inscriptions_student_year" ON "inscriptions" USING btree ("student_id","year");--> statement-breakpoint
CREATE INDEX "inscriptions_course_idx" ON "inscriptions" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "inscriptions_institution_idx" ON "inscriptions" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "institutions_district_idx" ON "institutions" USING btree ("district_id");--> statement-breakpoint
CREATE INDEX "institutions_department_idx" ON "institutions" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "students_document_idx" ON "students" USING btree ("document_number");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_scopes_user_idx" ON "user_scopes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_scopes_institution_idx" ON "user_scopes" USING btree ("institution_id");