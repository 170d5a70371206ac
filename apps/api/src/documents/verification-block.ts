import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { VerificationStamp } from './inputs.js';

/**
 * The verification block of a stored declaration (issue 12): the QR code of its public verification
 * page, the code in words and the version, kept together (unbreakable) at the end of the document.
 */
export function verificationBlock(stamp: VerificationStamp | undefined): Content[] {
  if (!stamp) return [];
  return [
    {
      unbreakable: true,
      margin: [0, 16, 0, 0],
      columns: [
        { qr: stamp.url, fit: 80, width: 80 },
        {
          width: '*',
          margin: [10, 6, 0, 0],
          stack: [
            { text: `Código de verificación: ${stamp.code}`, bold: true, fontSize: 10 },
            { text: `Versión ${stamp.version} de la declaración`, fontSize: 8, margin: [0, 2, 0, 0] },
            {
              text: [
                'Verifique la autenticidad de este documento escaneando el código QR o en ',
                { text: stamp.url, color: '#1c4f8a' },
                '. Una copia alterada no coincide con los datos que muestra esa página.',
              ],
              fontSize: 8,
              margin: [0, 2, 0, 0],
            },
          ],
        },
      ],
    },
  ];
}

/** Appends the verification block to a document definition (kept apart from the layout functions). */
export function withVerification(
  doc: TDocumentDefinitions,
  stamp: VerificationStamp | undefined,
): TDocumentDefinitions {
  if (!stamp) return doc;
  const content = Array.isArray(doc.content) ? doc.content : [doc.content];
  return { ...doc, content: [...content, ...verificationBlock(stamp)] };
}
