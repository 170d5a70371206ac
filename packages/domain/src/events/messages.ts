/** Messages of the events back-office, word for word from the specification (part 1 §5, §8). */
export const eventMessages = {
  registerSuccessTitle: 'Registro Exitoso!!!',
  registerSuccess: 'El evento se registro de manera exitosa',
  registerFailedTitle: 'Registro fallido!!!',
  registerFailed: 'El evento no se registro de manera exitosa',
  sendSuccess: 'Operación exitosa, Evento enviado a comunicación.',
  sendFailed: 'Operación fallida, verifique el estado del evento.',
  concludeSuccess: 'Operación exitosa, Evento concluido.',
  concludeFailed: 'Operación fallida, el evento no está activo.',
  eventNotFound: 'El evento no existe.',
  endBeforeStart: 'La fecha de fin no puede ser anterior a la fecha de inicio.',
  minimumAboveMaximum: 'El mínimo no puede ser mayor que el máximo.',
  invalidDate: 'Ingrese una fecha válida (aaaa-mm-dd).',
  optionNotAvailable: 'La opción elegida no existe o no está activa.',
  // Files (part 1 §5, global messages).
  invalidImage: 'Tipo de archivo no válido.',
  invalidFormat: 'Formato no aceptado.',
  fileTooLarge: (kb: number) => `El tamaño del archivo debe ser menor a: ${kb} KB`,
  tooManyFiles: 'Supera la cantidad de archivos permitida.',
  fileNotFound: 'Archivo no encontrado.',
  // Enrollment forms and the builder.
  formNameRequired: 'Se requiere el nombre del formulario',
  fieldRequired: 'Campo obligatorio',
  patternDefault: 'Ingresar valor válido',
  mustAccept: 'Campo obligatorio: debe activarlo para continuar.',
  copied: 'Acción Exitosa',
  emptyBoard: 'Arrastrar o hacer un click en el componente que desee agregar al formulario',
  formNotFound: 'El formulario no existe.',
  formVersionNotFound: (version: number) => `La versión ${version} del formulario no existe.`,
  formChanged: (latest: number) => `El formulario cambió desde que lo abrió: versión ${latest}.`,
  formNameTaken: (name: string) =>
    `Ya hay un formulario activo llamado «${name}»: elija otro nombre o desactive aquel.`,
  formSaved: 'El formulario se registró de manera exitosa',
  formVersionSaved: (version: number) => `Se guardó la versión ${version} del formulario.`,
  duplicateFieldName: 'El nombre del campo se repite en el formulario.',
  duplicateFieldId: 'El identificador del campo se repite en el formulario.',
  invalidFieldName: 'Use letras, números y guion bajo, empezando con una letra.',
  invalidPattern: (label: string) =>
    `La expresión regular del campo «${label}» no es válida o usa construcciones no admitidas (referencias hacia atrás, búsquedas hacia adelante).`,
  optionSourceMethod: (label: string) => `Las opciones del campo «${label}» solo pueden leerse con GET.`,
  optionSourceNotAllowed: (label: string) =>
    `La fuente de opciones del campo «${label}» no está permitida: elija una lista del sistema o una dirección https de un sitio autorizado por el administrador.`,
  imageTooLarge: (width: number, height: number) =>
    `La imagen es demasiado grande (${width} × ${height} píxeles): se admiten hasta 16 megapíxeles y 8000 píxeles por lado.`,
  optionsRequired: 'Agregue al menos una opción.',
  dynamicUrlRequired: 'Elija la lista de las opciones o indique una dirección https.',
  // Public enrollment.
  enrollmentSuccess: 'Inscripción Exitosa',
  enrollmentFailed: 'Falla en la inscripción!',
  enrollmentFull: 'El evento alcanzó el máximo de inscritos.',
  enrollmentDuplicate: 'El documento ya está inscrito en este evento.',
  enrollmentNotOpen: 'El evento no está habilitado para inscripciones.',
  digitsOnly: 'El campo solo admite números.',
  invalidOption: 'Seleccione una opción válida.',
  birthDateInFuture: 'La fecha de nacimiento no puede ser futura.',
  ciDigitsOnly: 'El CI solo admite números; si el documento es extranjero elija «Extranjero».',
  ciLength: 'El CI debe tener de 5 a 10 dígitos.',
  foreignDocumentChars:
    'El documento de extranjero admite letras mayúsculas, números y guiones (por ejemplo A123456).',
  invalidComplement: 'El complemento tiene dos letras o números (por ejemplo 1A).',
  // Places and periods.
  placeNotFound: 'El ambiente no existe.',
  placeDuplicate: (name: string) => `Ya existe el ambiente «${name}» con esa referencia.`,
  // Editing and cancelling events (issue 15).
  formFixedOnceSent:
    'El formulario de inscripción no puede cambiarse después de enviar el evento: las inscripciones se leen con él.',
  maximumBelowEnrolled: (n: number) => `El máximo no puede ser menor que los ${n} inscritos.`,
  concludedNotEditable: 'El evento está concluido: ya no puede editarse.',
  cancelledNotEditable: 'El evento está desactivado: ya no puede editarse.',
  cancelFailed: 'Solo un evento creado o activo puede desactivarse.',
  cancelSuccess: 'Evento desactivado.',
  updateSuccess: 'Evento actualizado.',
  updateFailedTitle: 'No se guardaron los cambios',
  kindNotEventStage:
    'El tipo de evento debe ser una etapa de eventos, no el periodo de registro de titulares.',
  periodNotFound: 'El periodo no existe.',
  concludedInFuture:
    'Un periodo que termina después de hoy no puede registrarse como CONCLUIDO: elija VIGENTE o PROGRAMADO.',
  // Institution enrollment page (part 1 §8).
  invalidProfile: 'Perfil no válido!',
  recordsSaved: 'Registros Salvados!',
  institutionEnrolled: 'Inscripción exitosa!!!',
  institutionEnrollFailed: 'Inscripción fallida!!!',
  enrollmentClosed: 'Inscripción Cerrada',
  stageNotOpen: 'La etapa no está abierta para su perfil.',
  studentNotInInstitution: 'Hay estudiantes que no pertenecen a la unidad educativa.',
} as const;
