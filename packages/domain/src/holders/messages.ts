import { formatCount } from '../common/index.js';
/**
 * What users read in holder registration (Registro Titulares). The quoted texts are the
 * specification's (part 2 §4, §5, §8), word for word; the others name rules the original left to
 * its server and are ours (see decision 007).
 */
export const holderMessages = {
  // §5 validation
  enterDocument: 'Ingrese un documento de identidad',
  fillAll: 'Ingrese todos los datos solicitados.',
  verificationFailed: 'Error en el servicio de verificación.',
  selectRelationship: 'Seleccione un parentesco.',
  invalidTitular: 'Titular no válido',
  selectTitular: 'Seleccione un titular',
  // §5 confirmations
  confirmTitle: '¿Está Seguro?',
  confirmSave:
    'Los cambios se registran una sola vez y no podrán ser modificados nuevamente una vez consolidada la lista.',
  confirmNoTitular:
    'No seleccionó ningún titular: se registrará que el estudiante no tiene titular y dejará de ser beneficiario al consolidar la lista.',
  confirmRemoveTitle: '¿Está seguro?',
  confirmRemove: 'Se eliminará al titular de la lista.',
  confirmConsolidate:
    'Se consolidará la lista de titulares de la institución. Después no podrá registrar ni cambiar titulares en esta pantalla.',
  // §4 states
  identityWarning:
    'Estudiante sin Cedula de Identidad o Certificado de Nacimiento validado, favor validar dichos datos',
  // §8 catalogue
  operationOk: 'Operación exitosa!!!',
  operationFailed: 'Falla en la operación',
  saveFailed: 'Falla en registro',
  relationshipsFailed: 'Error al cargar los datos de parentesco',
  segipFailure: 'Error en el servicio de verificación con el SEGIP.',
  segipDialogTitle: 'Error en el servicio de verificación SEGIP',
  consolidated: 'Se consolido las listas exitosamente',
  consolidationFailed: 'Consolidacion fallida!!!',
  pendingFailed: 'Error al consultar pendientes',
  pendingFailedDefault: 'No se pudo obtener la lista de estudiantes pendientes.',
  selectInstitution: 'Por favor seleccione una institución',
  reportNoData: 'No hay datos para generar el reporte',
  reportOk: 'El reporte se generó exitosamente.',
  // Rules the server enforces (ours)
  alreadyConsolidated:
    'La lista de titulares de esta institución ya fue consolidada y su declaración jurada no cambia: para modificarla, la Dirección Distrital debe reabrirla con «Habilitar SIE» («Habilitar UE/CEE»), o registrar el cambio como novedad con «Habilitar Modificación Estudiante».',
  periodClosed: 'El periodo de registro de titulares no está habilitado.',
  studentRemoved: 'El estudiante fue dado de baja como beneficiario.',
  /** Decision 046: a titular change that would alter a consolidated paid validation's declaration. */
  paidDeclared:
    'La validación de pagados de esta institución está consolidada y su declaración jurada cuenta a este estudiante con un titular maestro o director: cambiar su titular alteraría lo declarado. Para hacerlo, la Dirección Distrital debe reabrir la validación con «Habilitar UE/CEE».',
  studentNotFound: 'Estudiante no encontrado',
  personExists: 'La persona ya está registrada: búsquela por su documento de identidad.',
  personNotFound: 'No se encontró a la persona.',
  // A person is edited only from a school where they are an adult of one of its students (issue 13).
  personNotInSchool: 'No se encontró la persona en esta unidad educativa.',
  personNotOfStudent: 'No se encontró a la persona entre los adultos de este estudiante.',
  alreadyGuardian: 'La persona ya figura en la lista de titulares del estudiante.',
  cannotRemoveSelected: 'No se puede eliminar al titular seleccionado.',
  relationshipNotAllowed: 'El parentesco no está permitido para esta institución.',
  notAdult: 'El titular debe ser mayor de edad.',
  segipMismatch: 'Los datos no coinciden con el registro del SEGIP.',
  segipUnknown: 'El documento de identidad no está registrado en el SEGIP.',
  declarationBeforeConsolidation: 'La declaración jurada se genera después de consolidar la lista.',
  nothingToValidate: 'No hay estudiantes por validar para este titular.',
  titularNotFound: 'El titular no tiene estudiantes en esta institución.',
  // The person search is throttled per user (issue 13).
  personSearchThrottled: 'Demasiadas búsquedas de personas; espere un minuto.',
} as const;

/** Labels of the student's titular status (part 2 §4); 'No beneficiario' and 'Baja' are ours. */
export const titularStatusLabels = {
  pending: 'Pendiente',
  registered: 'Registrado',
  registeredElsewhere: 'Registrado en SIE: {code}',
  excluded: 'No beneficiario',
  removed: 'Baja',
} as const;

/**
 * What the holders' 'Consolidar Estudiantes' says before the confirmation (issue 16, as the paid
 * validation's button does): how many students still have no titular registered.
 */
export function holdersRemainMessage(count: number): string {
  if (count === 0) return 'Todos los estudiantes tienen titular registrado o están marcados sin titular.';
  return count === 1
    ? 'Falta 1 estudiante sin titular registrado.'
    : `Faltan ${formatCount(count)} estudiantes sin titular registrado.`;
}
