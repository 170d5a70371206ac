import type { FieldDefinition, FormDefinition } from '@bjp/domain';

export type CodeKind = 'page' | 'dialog';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * One field's control. 'Obligatorio' means what it means on the public page (isAnswered in the domain
 * package): `required` on text, number, time, list and file; on a switch, which must then be on; on
 * each radio, so one must be chosen; a checkbox group, where HTML has no "at least one", says so with
 * aria-required and data-obligatorio. A slider always holds a value.
 */
function control(field: FieldDefinition): string {
  const name = escapeHtml(field.name);
  const required = field.required ? ' required' : '';
  const pattern = field.rules.find((r) => r.pattern)?.pattern;
  const patternAttr = pattern
    ? ` pattern="${escapeHtml(pattern)}" title="${escapeHtml(field.rules[0]?.message ?? '')}"`
    : '';
  const placeholder = field.placeholder ? ` placeholder="${escapeHtml(field.placeholder)}"` : '';
  switch (field.kind) {
    case 'input':
      return field.inputType === 'textarea'
        ? `<textarea id="${field.id}" name="${name}"${placeholder}${required}>${escapeHtml(field.defaultValue)}</textarea>`
        : `<input id="${field.id}" name="${name}" type="${field.inputType}" value="${escapeHtml(field.defaultValue)}"${placeholder}${required}${patternAttr}>`;
    case 'number':
      return `<input id="${field.id}" name="${name}" type="number" min="${field.min}" max="${field.max}" step="${field.step}"${field.defaultValue === null ? '' : ` value="${field.defaultValue}"`}${required}>`;
    case 'slider':
      return `<input id="${field.id}" name="${name}" type="range" min="${field.min}" max="${field.max}" step="${field.step}" value="${field.defaultValue}">`;
    case 'switch':
      return `<input id="${field.id}" name="${name}" type="checkbox" role="switch"${field.defaultValue ? ' checked' : ''}${required}>`;
    case 'time':
      return `<input id="${field.id}" name="${name}" type="time" value="${field.defaultValue}"${required}>`;
    case 'select': {
      const items = field.options.source === 'static' ? field.options.items : [];
      const source =
        field.options.source === 'dynamic' ? ` data-source="${escapeHtml(field.options.url)}"` : '';
      return [
        `<select id="${field.id}" name="${name}"${required}${source}>`,
        `      <option value="">${escapeHtml(field.placeholder || 'Seleccione')}</option>`,
        ...items.map(
          (o) =>
            `      <option value="${escapeHtml(o.value)}"${o.value === field.defaultValue ? ' selected' : ''}>${escapeHtml(o.label)}</option>`,
        ),
        '    </select>',
      ].join('\n');
    }
    case 'checkbox':
    case 'radio': {
      const type = field.kind === 'checkbox' ? 'checkbox' : 'radio';
      const items = field.options.source === 'static' ? field.options.items : [];
      const checked = (value: string) =>
        Array.isArray(field.defaultValue) ? field.defaultValue.includes(value) : field.defaultValue === value;
      const each = field.kind === 'radio' ? required : '';
      const inputs = items
        .map(
          (o) =>
            `<label><input type="${type}" name="${name}" value="${escapeHtml(o.value)}"${checked(o.value) ? ' checked' : ''}${each}> ${escapeHtml(o.label)}</label>`,
        )
        .join('\n      ');
      const group =
        field.required && field.kind === 'checkbox'
          ? ' aria-required="true" data-obligatorio="al-menos-uno"'
          : '';
      return `<span id="${field.id}" role="${field.kind === 'radio' ? 'radiogroup' : 'group'}"${group}>\n      ${inputs}\n    </span>`;
    }
    case 'upload': {
      const accept = field.upload.accept === 'image' ? 'image/*' : 'image/*,application/pdf';
      return `<input id="${field.id}" name="${name}" type="file" accept="${accept}"${field.upload.limit > 1 ? ' multiple' : ''}${required}>`;
    }
  }
}

/** Plain HTML of the built form (a page, or a <dialog>), with 'Crear' and 'Cancelar' when the form asks for buttons. */
export function generateCode(name: string, definition: FormDefinition, kind: CodeKind): string {
  const { config } = definition;
  const rows = definition.fields.map((field) => {
    const label = field.showLabel
      ? `<label for="${field.id}" style="width:${field.labelWidth}px">${escapeHtml(field.label)}${field.required ? ' *' : ''}</label>\n    `
      : '';
    return `  <div class="campo" style="margin-bottom:${config.gutter}px">\n    ${label}${control(field)}\n  </div>`;
  });
  const buttons = config.showButtons
    ? [
        '  <div class="acciones">',
        '    <button type="submit">Crear</button>',
        '    <button type="reset">Cancelar</button>',
        '  </div>',
      ]
    : [];
  const form = [
    `<form id="${config.refName}" name="${config.modelName}">`,
    ...rows,
    ...buttons,
    '</form>',
  ].join('\n');
  const title = `<h2>${escapeHtml(name || 'Formulario de inscripción')}</h2>`;
  const body = kind === 'dialog' ? `<dialog open>\n${title}\n${form}\n</dialog>` : `${title}\n${form}`;
  return [
    '<!doctype html>',
    '<html lang="es">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(name || 'Formulario de inscripción')}</title>`,
    '<style>.campo{display:flex;gap:12px;align-items:flex-start}.campo label{flex:none}</style>',
    '</head>',
    '<body>',
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
