/**
 * School enabling ('Habilitación UE/CEE', part 2 §2.6; 'Habilitar SIE', part 1 §2). Quoted texts are
 * the specification's (part 1 §5, §8; part 2 §5, §8); the reason and the refusals are ours.
 */
export const enablingMessages = {
  codeLabel: 'Código UE/CEE',
  enableButton: 'Habilitar UE/CEE',
  sieLabel: 'Código SIE',
  enableSieButton: 'Habilitar SIE',
  enterValidCode: 'Ingrese un código valido.',
  confirmTitle: '¿Esta Seguro?',
  confirmPaidValidation:
    'Se habilitará nuevamente la Validación de Pagados de la UE/CEE {code}: el director podrá cambiar las validaciones y deberá consolidar el operativo otra vez.',
  confirmHolders:
    'Se habilitará nuevamente el registro de titulares de la institución {code}: su lista deja de estar consolidada hasta que la consolide otra vez.',
  enabled: 'Habilitación exitosa',
  failed: 'Falla en el la habilitación!!!',
  // Ours: why the school is reopened is kept with the audit trail.
  reasonLabel: 'Motivo de la habilitación',
  enterReason: 'Ingrese el motivo de la habilitación.',
  reasonTooShort: 'El motivo debe tener al menos 10 caracteres.',
  reasonTooLong: 'El motivo no debe superar los 500 caracteres.',
  paidNotConsolidated:
    'La validación de pagados de la institución no está consolidada: no hay nada que habilitar.',
  holdersNotConsolidated:
    'La lista de titulares de la institución no está consolidada: no hay nada que habilitar.',
} as const;

export function enablingConfirmation(
  kind: 'paid_validation' | 'holders',
  code: string | number,
  institutionName?: string,
): string {
  const text = kind === 'holders' ? enablingMessages.confirmHolders : enablingMessages.confirmPaidValidation;
  return text.replace('{code}', institutionName ? `«${institutionName}» (${code})` : String(code));
}
