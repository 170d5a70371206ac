import { Stack } from '@mantine/core';
import { PageHeader } from '../../ui/PageHeader';
import { AdjustmentHistory } from './AdjustmentHistory';
import { ProcessActions } from './ProcessActions';

/** 'Procesar Ajustes Solicitados' (administrators): the actions and the whole history with the day navigator. */
export function ProcessPage() {
  return (
    <Stack>
      <PageHeader title="Procesar Ajustes Solicitados" breadcrumbs={['Administrar', 'Procesar Ajustes']} />
      <ProcessActions />
      <AdjustmentHistory dayNavigator />
    </Stack>
  );
}
