/** 'Inscripción Ñandú' → 'Inscripcion Nandu': the letters without their accents or tildes. */
export function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * A name fit for a downloaded file: accents dropped rather than turned into '_' (the builder's
 * 'Inscripción docentes' was saved as 'Inscripci_n_docentes'), other signs and spaces as one '_'.
 */
export function fileNameOf(text: string, fallback = 'archivo'): string {
  const name = withoutAccents(text)
    .replace(/[^\w-]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return name || fallback;
}
