import type {
  GuardianStudentsResponse,
  PersonData,
  PreviousGuardiansResponse,
  PreviousTitularsResult,
  TitularModalResponse,
} from '@bjp/domain';
import type { PathsWith } from '../../../app/api-types';

type GetPath = PathsWith<'get'>;
/** The API's inscription paths that serve a titular modal ('…/inscriptions/{inscriptionId}/titulars' and the rest). */
export type TitularModalPath = {
  [P in GetPath]: P extends `${infer Base}/inscriptions/{inscriptionId}/titulars`
    ? `${Base}/inscriptions/{inscriptionId}`
    : never;
}[GetPath];

/**
 * What the titular modal does in the area that opens it. Holders' registration is `holdersPolicy`
 * below; another area (the adjustments after consolidation) passes its own, with its API path, its
 * query keys and its confirmations: the modal knows no area but the one it belongs to.
 */
export type TitularModalPolicy = {
  /** The inscription's API path; the paths under it have the same shape in every area. */
  path: TitularModalPath;
  keys: {
    /** Where the modal's content is cached (its third element is 'modal'). */
    modal: (sie: number, inscriptionId: number) => readonly unknown[];
    /** What a change refreshes, except the modals (which the change's answer replaces). */
    changed: (sie: number) => readonly unknown[];
  };
  /** '¿Está Seguro?' of 'Registrar', and the text put before it when no titular is selected. */
  confirmSave: string;
  confirmNoTitular: string;
  /** When set, '¿Está Seguro?' with this text before a relationship or data change. */
  confirmChange?: string;
  /**
   * How a failed 'Registrar' (and data change) is shown; `show` says it inside the dialog, above
   * its buttons, for a failure the area does not show in a dialog of its own.
   */
  reportError: (error: unknown, show?: (message: string) => void) => void;
  /**
   * 'Titular de la gestión 2025 — Elegir' (issue 18): makes last year's titular this year's, under
   * this year's rules. The choice shows only when set (holder registration).
   */
  choosePrevious?: (target: { sie: number; inscriptionId: number }) => Promise<TitularModalResponse>;
  /**
   * 'Tutores de la gestión 2025 — Agregar' (issue 18, decision 041): last year's guardians join this
   * year's list (all admitted, or the ones named). The section shows only when set (holder registration).
   */
  addPreviousGuardians?: (
    target: { sie: number; inscriptionId: number },
    personIds?: number[],
  ) => Promise<PreviousGuardiansResponse>;
  /**
   * Siblings (issue 37 §1, decision 062): the school's other students the chosen guardian is a
   * guardian of, offered in 'Registrar''s confirmation, and their designation in one request. Holder
   * registration only: after consolidation each change is an adjustment of its own.
   */
  siblings?: {
    list: (target: { sie: number; personId: number }) => Promise<GuardianStudentsResponse>;
    designate: (
      target: { sie: number; personId: number },
      inscriptionIds: number[],
    ) => Promise<PreviousTitularsResult>;
  };
  /** 'Editar Datos' of a titular through the student (the icon shows only when set). */
  editPersonData?: (
    target: { sie: number; inscriptionId: number; personId: number },
    data: PersonData,
  ) => Promise<TitularModalResponse>;
};
