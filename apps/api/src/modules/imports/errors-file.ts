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
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
