/** Spanish texts of the report screens (part 2 §8). */
export const reportMessages = {
  noDataTitle: 'Sin datos',
  noData: 'No hay datos para generar el reporte',
  successTitle: 'Exitoso!',
  success: 'El reporte se generó exitosamente.',
  failure: 'Falla en el proceso!',
  generating: 'Generando reporte...',
  cancelled: 'Generación del reporte cancelada.',
  nationalOnly: 'El reporte nacional está disponible solo para usuarios nacionales.',
  sworn:
    'La información contenida en el presente reporte tiene carácter de declaración jurada y es de responsabilidad de quien la genera.',
  studentsReportTitle: 'Reporte Estudiantes-Tutores-Pagados',
} as const;
