import { sql } from 'drizzle-orm';
import { closedYears, programmeSettings } from '../../../db/schema/index.js';

/**
 * Kinds of event are the stages of event periods. The holder registration period (the one
 * programme_settings points at, row 1 by default) is a period of the bonus, not a kind of event.
 */
export const isEventStage = sql<boolean>`not exists (select 1 from ${programmeSettings} s
  where s.registration_period_id = "periods"."id")
  and not exists (select 1 from ${closedYears} y where y.registration_period_id = "periods"."id")`;

/** 'Etapa institucional — Olimpiadas 2025': the stage alone repeats across periods. */
export const kindLabel = sql<string>`"periods"."phase" || ' — ' || "periods"."name"`;
