import { type EnablingKind, enablingMessages } from '@bjp/domain';
import { Grid, Paper, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../ui/PageHeader';
import { EnablingForm } from './EnablingForm';
import { EnablingHistory } from './EnablingHistory';

type Screen = {
  kind: EnablingKind;
  title: string;
  breadcrumbs: string[];
  codeLabel: string;
  buttonLabel: string;
  help: string;
};

const screens: Record<EnablingKind, Screen> = {
  paid_validation: {
    kind: 'paid_validation',
    title: 'Habilitación UE/CEE',
    breadcrumbs: ['Reporte Pagados BJP', 'Habilitación UE/CEE'],
    codeLabel: enablingMessages.codeLabel,
    buttonLabel: enablingMessages.enableButton,
    help: 'Reabre la Validación de Pagados de una UE/CEE consolidada: el director podrá corregir las validaciones y deberá consolidar otra vez.',
  },
  holders: {
    kind: 'holders',
    title: 'Habilitar SIE',
    breadcrumbs: ['Paramétricas', 'Habilitar SIE'],
    codeLabel: enablingMessages.sieLabel,
    buttonLabel: enablingMessages.enableSieButton,
    help: 'Reabre el registro de titulares de una institución con la lista consolidada. Las bajas ya aplicadas no se revierten.',
  },
};

function EnablingPage({ screen }: { screen: Screen }) {
  return (
    <Stack>
      <PageHeader title={screen.title} breadcrumbs={screen.breadcrumbs} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md">
            <Text size="sm" c="dimmed" mb="sm">
              {screen.help}
            </Text>
            <EnablingForm kind={screen.kind} codeLabel={screen.codeLabel} buttonLabel={screen.buttonLabel} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <EnablingHistory kind={screen.kind} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /enable-validation-institution/admin (part 2 §2.6). */
export const EnableValidationPage = () => <EnablingPage screen={screens.paid_validation} />;
/** /config/enabled (part 1 §2 'Habilitar SIE'). */
export const EnableSiePage = () => <EnablingPage screen={screens.holders} />;
