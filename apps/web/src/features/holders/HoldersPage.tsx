import { Stack } from '@mantine/core';
import { useSessionUser } from '../../app/auth/session';
import { ClosedYearBanner, useGestion, YearSelector } from '../../app/year';
import { PageHeader } from '../../ui/PageHeader';
import { InstitutionBrowser } from '../structure';
import { ClosedYearPanel } from './ClosedYearPanel';
import { PreviousTitularsButton } from './PreviousTitularsButton';
import { StudentsPanel } from './StudentsPanel';

type Variant = 'admin' | 'department' | 'district' | 'principal';

const titles: Record<Variant, string> = {
  admin: 'Registro Titulares',
  department: 'Registro Titulares - Departamento',
  district: 'Registro Titulares - Distrito',
  principal: 'Registro Titulares',
};

/**
 * Holder registration (Registro Titulares). The admin, department and district variants search a
 * school by SIE code — the server limits the search to the user's place — and the principal variant
 * offers the director's schools.
 */
function HoldersPage({ variant }: { variant: Variant }) {
  const user = useSessionUser();
  const gestion = useGestion();
  const scope = user?.scope;
  const note =
    variant === 'admin' || !scope
      ? undefined
      : scope.kind === 'national'
        ? 'Búsqueda en todo el país.'
        : `Búsqueda limitada a: ${scope.label}`;
  return (
    <Stack>
      <PageHeader
        title={titles[variant]}
        breadcrumbs={['Titulares', titles[variant]]}
        actions={<YearSelector gestion={gestion} />}
      />
      <ClosedYearBanner gestion={gestion} />
      <InstitutionBrowser mode={variant === 'principal' ? 'mine' : 'code'} finderNote={note}>
        {({ card, selection }) =>
          gestion.closed ? (
            <ClosedYearPanel key={`${card.sie}-${gestion.year}`} sie={card.sie} year={gestion.year} />
          ) : (
            <Stack key={card.sie} gap="xs">
              <PreviousTitularsButton sie={card.sie} />
              <StudentsPanel card={card} selection={selection} />
            </Stack>
          )
        }
      </InstitutionBrowser>
    </Stack>
  );
}

export const HoldersAdminPage = () => <HoldersPage variant="admin" />;
export const HoldersDepartmentPage = () => <HoldersPage variant="department" />;
export const HoldersDistrictPage = () => <HoldersPage variant="district" />;
export const HoldersPrincipalPage = () => <HoldersPage variant="principal" />;
