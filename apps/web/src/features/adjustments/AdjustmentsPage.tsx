import { Stack } from '@mantine/core';
import { PageHeader } from '../../ui/PageHeader';
import { InstitutionBrowser } from '../structure';
import { AdjustmentPanel } from './AdjustmentPanel';

/**
 * Ajuste Titulares: holder changes after a school consolidated its list, once per student. The admin
 * variant searches any school by code; the principal variant offers the director's schools.
 */
function AdjustmentsPage({ variant }: { variant: 'admin' | 'principal' }) {
  const title = variant === 'admin' ? 'Ajuste Titulares' : 'Solicitar Ajustes';
  return (
    <Stack>
      <PageHeader title={title} breadcrumbs={['Titulares', title]} />
      <InstitutionBrowser mode={variant === 'admin' ? 'code' : 'mine'}>
        {({ card, selection }) => <AdjustmentPanel key={card.sie} card={card} selection={selection} />}
      </InstitutionBrowser>
    </Stack>
  );
}

export const AdjustmentsAdminPage = () => <AdjustmentsPage variant="admin" />;
export const AdjustmentsPrincipalPage = () => <AdjustmentsPage variant="principal" />;
