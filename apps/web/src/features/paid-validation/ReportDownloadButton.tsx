import { paidMessages } from '@bjp/domain';
import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { downloadFile } from '../../ui/download';
import { notifyError, notifySuccess } from '../../ui/notify';
import { paidReportDocumentPath } from './api';

type Props = {
  sie: number;
  codeType: number;
  year: number;
  /** The report is of a closed gestión: ask for that year's stored declaration. */
  closed?: boolean;
  fullWidth?: boolean;
};

/** Type 4: 'Descargar Reporte DDJJ' (the sworn declaration); type 1: the school's validation report. */
export function ReportDownloadButton({ sie, codeType, year, closed, fullWidth }: Props) {
  const [busy, setBusy] = useState(false);
  const ddjj = codeType === 4;
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(
        paidReportDocumentPath(sie),
        ddjj ? `REPORTE_DDJJ_${year}.pdf` : `REPORTE_VALIDACION_PAGADOS_${year}.pdf`,
        closed ? { year } : undefined,
      );
      notifySuccess('El reporte se generó exitosamente.', 'Exitoso!');
    } catch (error) {
      notifyError(errorMessage(error, 'Falla en el proceso!'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      color="teal"
      fullWidth={fullWidth}
      leftSection={<IconFileTypePdf size={16} />}
      loading={busy}
      onClick={download}
    >
      {ddjj ? paidMessages.downloadDdjj : 'Descargar Reporte'}
    </Button>
  );
}
