/** A titular's identity document as the lists show it: carnet, then '-complemento' when there is one. */
export const carnetWithComplemento = (t: { carnet: string; complemento: string }) =>
  t.complemento !== '' ? `${t.carnet}-${t.complemento}` : t.carnet;
