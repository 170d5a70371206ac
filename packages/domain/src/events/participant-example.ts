/** A valid participant as the enrollment forms send it, for the tests of the participant rules. */
export const participantExample = {
  document: '1234567',
  complement: '1a',
  nationality: '1',
  firstLastName: 'Mamani',
  secondLastName: 'Quispe',
  name: 'Juan José',
  phone: '71234567',
  email: 'juan@example.com',
  job: 'Docente',
  institution: 'Unidad Educativa',
  position: 'Profesor',
  birthDate: '1990-04-12',
  department: 'La Paz',
};
