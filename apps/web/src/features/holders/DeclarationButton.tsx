import { holderMessages } from '@bjp/domain';
import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { apiPath } from '../../app/api-path';
import { downloadFile } from '../../ui/download';
import { notifyError, notifySuccess } from '../../ui/notify';

/**
 * After consolidation the report button replaces 'Consolidar Estudiantes': the sworn declaration PDF
 * (of a closed gestión, `year`: the last version stored that year).
 */
export function DeclarationButton({ sie, year }: { sie: number; year?: number }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(
        apiPath('/holders/institutions/{sie}/declaration', { sie }),
        `DDJJ_TITULARES_${sie}.pdf`,
        { year },
      );
      notifySuccess(holderMessages.reportOk, 'Exitoso!');
    } catch (error) {
      notifyError(errorMessage(error, 'Falla en el proceso!'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button color="teal" leftSection={<IconFileTypePdf size={16} />} loading={busy} onClick={download}>
      Reporte Declaración Jurada
    </Button>
  );
}
