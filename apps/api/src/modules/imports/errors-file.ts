import path from 'node:path';
import { type RowError, rowErrorText } from '@bjp/domain';
import ExcelJS from 'exceljs';

/**
 * Every row error of a dry run as a spreadsheet, written row by row with exceljs' streaming writer
 * to a temporary file (a file with a million bad rows never sits in memory).
 */
export function errorsWorkbook(dir: string) {
  const file = path.join(dir, 'errores.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
  const sheet = workbook.addWorksheet('Errores');
  sheet.columns = [
    { header: 'Línea', key: 'line', width: 10 },
    { header: 'Columna', key: 'column', width: 14 },
    { header: 'Error', key: 'message', width: 90 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  return {
    file,
    add(error: RowError) {
      count++;
      sheet.addRow({ line: error.line, column: error.column, message: rowErrorText(error) }).commit();
    },
    get count() {
      return count;
    },
    /** The roll's students the file leaves out, on a sheet of their own, for review. */
    withdrawn(students: Array<{ rude: string; name: string; sie: number }>, total: number) {
      sheet.commit();
      const list = workbook.addWorksheet('Retirados');
      list.columns = [
        { header: 'RUDE', key: 'rude', width: 22 },
        { header: 'Estudiante', key: 'name', width: 50 },
        { header: 'SIE', key: 'sie', width: 12 },
      ];
      list.getRow(1).font = { bold: true };
      list.getRow(1).commit();
      for (const s of students) list.addRow(s).commit();
      if (total > students.length)
        list
          .addRow({ rude: `… y ${total - students.length} más (se listan los primeros ${students.length})` })
          .commit();
      list.commit();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
