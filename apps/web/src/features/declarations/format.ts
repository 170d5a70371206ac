/** dd/mm/aaaa hh:mm in Bolivia (UTC−4). */
export const boliviaDateTime = (iso: string) =>
  new Date(iso).toLocaleString('es-BO', {
    timeZone: 'America/La_Paz',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
