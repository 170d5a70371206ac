import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { exportParticipants, type ParticipantFilterValues } from './api';

/** 'Volver' and the two exports of the filtered list (XLSX, CSV), one at a time. */
export function ParticipantsActions({
  eventId,
  filters,
}: {
  eventId: number;
  filters: ParticipantFilterValues;
}) {
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const runExport = async (format: 'xlsx' | 'csv') => {
    setExporting(format);
    try {
      const name = await exportParticipants(eventId, filters, format);
      notifySuccess(`Se descargó ${name}.`);
    } catch (error) {
      notifyError(errorMessage(error), 'No se pudo exportar');
    } finally {
      setExporting(null);
    }
  };
  return (
    <Group gap="xs">
      <Button component={Link} to="/events/list" variant="default" leftSection={<IconArrowLeft size={16} />}>
        Volver
      </Button>
      <Button
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={exporting === 'xlsx'}
        disabled={exporting !== null}
        onClick={() => runExport('xlsx')}
      >
        Exportar XLSX
      </Button>
      <Button
        variant="light"
        leftSection={<IconFileTypeCsv size={16} />}
        loading={exporting === 'csv'}
        disabled={exporting !== null}
        onClick={() => runExport('csv')}
      >
        Exportar CSV
      </Button>
    </Group>
  );
}
