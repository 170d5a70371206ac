export const kardexMessages = {
  searchTooShort: 'Escriba al menos 3 caracteres del RUDE o del nombre del estudiante.',
  studentNotFound: 'Estudiante no encontrado',
} as const;
