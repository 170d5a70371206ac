/** Messages users see, word for word from the specification, shared by the API and the web. */
export const messages = {
  required: 'El campo es obligatorio.',
  tooShort: 'La longitud del campo es demasiado corta.',
  tooLong: 'La longitud del campo es demasiado larga.',
  alphaSpaces: 'El campo solo soporta caracteres y espacios.',
  email: 'El campo debe contener un correo electrónico válido.',
  invalidCredentials: 'Credenciales no válidas!',
  loginLockNotFound: 'Ese bloqueo ya no está vigente.',
  tooDeep: 'La solicitud tiene demasiados niveles anidados.',
  accessDenied: 'No tiene permiso para esta operación.',
  outOfScope: 'No tiene acceso a este lugar.',
  /** A place a route names that does not exist, by its kind. */
  unknownPlace: {
    institution: 'No se encontró la institución educativa solicitada.',
    district: 'No se encontró el distrito solicitado.',
    department: 'No se encontró el departamento solicitado.',
  },
  notFound: 'No encontrado.',
  tooManyAttempts: 'Demasiados intentos, espere un momento e intente de nuevo.',
  sessionExpired: 'La sesión expiró, ingrese nuevamente.',
  toggleUserFailed: 'No se pudo cambiar el estado del usuario!',
  invalidUser: 'Usuario no válido.',
  enterSie: 'Ingrese un código SIE',
  enterDistrict: 'Ingrese un código de Distrito',
  enterDepartment: 'Ingrese un código de Departamento',
  enterValidCode: 'Ingrese un código válido.',
  enterRude: 'Ingrese RUDE estudiante',
  serverFailure: 'Falla al conectar con el server.',
} as const;

export type MessageKey = keyof typeof messages;
