import type { Random } from './random.js';

/** Patrons of public schools: national heroes, dates and places, as the ministry's registry shows. */
const patrons = [
  'Simón Bolívar',
  'Juana Azurduy de Padilla',
  'Mariscal Andrés de Santa Cruz',
  'Eduardo Abaroa',
  'Franz Tamayo',
  'Germán Busch',
  'Bartolina Sisa',
  'Tupac Katari',
  'Mariscal Sucre',
  'Pedro Domingo Murillo',
  'Avelino Siñani',
  'Elizardo Pérez',
  'Adela Zamudio',
  'Rafael Pabón',
  'Hugo Dávila',
  'Marcelo Quiroga Santa Cruz',
  'José Ballivián',
  'Jaime Escalante',
  'Gualberto Villarroel',
  'Víctor Paz Estenssoro',
  'Ismael Montes',
  'Manuel Isidoro Belzu',
  'Esteban Arce',
  'Ignacio Warnes',
  'José Manuel Pando',
  'Nataniel Aguirre',
  'Gregoria Apaza',
  'Túpac Amaru',
  'Apiaguaiki Tumpa',
  'Héroes del Chaco',
  'Litoral',
  'Daniel Sánchez Bustamante',
  'Agustín Aspiazu',
  'Max Paredes',
  'Genaro Gamarra',
  'República de Venezuela',
  'República de Cuba',
  'Japón',
  '6 de Agosto',
  '24 de Septiembre',
  '10 de Febrero',
  '14 de Septiembre',
  '27 de Mayo',
  '16 de Julio',
  '20 de Octubre',
  '12 de Octubre',
  '2 de Agosto',
  '25 de Mayo',
  '10 de Noviembre',
  '18 de Noviembre',
  '1ro de Mayo',
];

/** Communities and neighbourhoods that give rural and peri-urban schools their names. */
const communities = [
  'Villa Esperanza',
  'Cota Cota',
  'Alto Lima',
  'Senkata',
  'Ventilla',
  'Pampahasi',
  'Munaypata',
  'Río Seco',
  'Villa Adela',
  'Chijini',
  'Kollasuyo',
  'Villa Armonía',
  'Huayna Potosí',
  'Tacachira',
  'Jancko Amaya',
  'Chuñavi',
  'Kellani',
  'Wila Khota',
  'Chullpa Pampa',
  'San Juan',
  'Santa Rosa',
  'Villa Victoria',
  'Tres Cruces',
  'Nueva Esperanza',
  'Los Pinos',
  'El Carmen',
  'Villa Fátima',
  'Loma Alta',
  'Villa Bolívar',
  'Santa Bárbara',
  'San Isidro',
  'Chiarpata',
  'Huaraco',
  'Santiago de Okola',
  'Pucarani Alto',
  'Chacaltaya',
  'Ayllu Pumasara',
  'Quetena Chico',
  'Colonia Okinawa',
  'Villa 1ro de Mayo',
  'Plan 3000',
  'Pampa de la Isla',
  'Barrio Lindo',
  'San Luis',
  'Central Copacabana',
];

/** Schools run under agreement with churches and foundations (dependency CONVENIO). */
const agreementPatrons = [
  'Don Bosco',
  'San Francisco de Asís',
  'Fe y Alegría San Vicente',
  'Fe y Alegría Santa Rosa',
  'Fe y Alegría Los Andes',
  'María Auxiliadora',
  'La Salle',
  'Santa Teresa',
  'San Agustín',
  'Cristo Rey',
  'Sagrado Corazón',
  'San Calixto',
  'Santa Ana',
  'Domingo Savio',
  'Madre Teresa de Calcuta',
  'Nuestra Señora del Carmen',
  'Santa María Mazzarello',
  'San José',
  'Juan XXIII',
  'Hermano Felipe Palazón',
];

const specialPatrons = [
  'San Martín de Porres',
  'Luz del Mundo',
  'Helen Keller',
  'Despertar',
  'Nuestra Señora de Copacabana',
  'Mis Ángeles',
  'Manos Amigas',
  'Aprendamos Juntos',
  'Esperanza',
  'Virgen de Urkupiña',
  'Arco Iris',
  'Fe y Alegría',
  'San Juan de Dios',
  'Nueva Vida',
  'Rayito de Sol',
  'Ciudad del Niño',
  'Jesús de Nazareth',
  'Santa Clara',
  'Amor de Dios',
  'Puerta de Esperanza',
];

export type SchoolKind = { special: boolean; agreement: boolean; rural: boolean; town: string };

export function schoolName(random: Random, kind: SchoolKind): string {
  if (kind.special) {
    const prefix = random.chance(0.8) ? 'Centro de Educación Especial' : 'C.E.E.';
    return `${prefix} ${random.pick(specialPatrons)}`;
  }
  const prefix = random.chance(0.7) ? 'Unidad Educativa' : 'U.E.';
  if (kind.agreement) return `${prefix} ${random.pick(agreementPatrons)}`;
  // Rural schools are mostly known by their community, or by the town for the central school.
  if (kind.rural) {
    const roll = random.next();
    if (roll < 0.15) return `${prefix} Central ${kind.town}`;
    if (roll < 0.65) return `${prefix} ${random.pick(communities)}`;
  }
  return `${prefix} ${random.pick(patrons)}`;
}

const romans = ['II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

/** Several schools of a district share a patron: the registry tells them apart with 'II', 'III'… */
export function distinctName(name: string, used: Map<string, number>): string {
  const count = used.get(name) ?? 0;
  used.set(name, count + 1);
  if (count === 0) return name;
  return `${name} ${romans[count - 1] ?? String(count + 1)}`;
}
