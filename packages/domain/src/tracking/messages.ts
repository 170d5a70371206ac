/** Spanish texts of the tracking screens (part 2 §5, §8, §9). */
export const trackingMessages = {
  invalidUser: 'Usuario no válido.',
  districtCodeRequired: 'Ingrese un código de Distrito',
  departmentCodeRequired: 'Ingrese un código de Departamento',
  sieCodeRequired: 'Ingrese un código SIE',
  placeNotFound: 'No se encontró el lugar solicitado.',
  institutionNotFound: 'No se encontró la institución educativa.',
  notInYear: (year: number) =>
    `La institución educativa no tuvo estudiantes inscritos en la gestión ${year}: no tiene seguimiento en esa gestión.`,
  /** Part 2 §9: the tracking report's footer. */
  reportFooter:
    'La Directora o el Director de la Unidad Educativa debe verificar que el estudiante se encuentre efectivo en el segundo trimestre y cumpla los requisitos del Bono Juancito Pinto. Las observaciones se corrigen mediante el módulo de gestión de pagos.',
} as const;
