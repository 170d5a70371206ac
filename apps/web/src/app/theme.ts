import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 rather than Mantine's 6: white button text and blue links on white reach the 4.5:1
  // contrast of WCAG AA (6 gives 3.6:1; issue 14 asks Lighthouse accessibility ≥ 95).
  primaryShade: 8,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  components: {
    // A closed list (Select, Autocomplete, MultiSelect…) is mounted when it opens: Mantine keeps it
    // mounted by default, and floating-ui then places every closed list of a screen during the
    // screen's first commit (a forced style and layout on a slow phone, issue 14). A plain object, not
    // `Combobox.extend`, so that the theme does not bring the Combobox into the login's entry.
    Combobox: { defaultProps: { keepMounted: false } },
    // Clicking the chosen option again left a required choice empty ('VIGENTE' in 'Agregar Periodo y
    // Etapa'): a choice is cleared only where a field offers its clear button (`clearable`).
    Select: { defaultProps: { allowDeselect: false } },
    // Mantine hides a Switch's input as an absolute box the size of the switch, but without an
    // offset it sits at its static place: in a centred table cell that is the cell's middle, and the
    // invisible box ran 24 px past the users table (which then scrolled sideways when it took focus).
    Switch: { styles: { input: { inset: 0 } } },
    // A toast's close button is an icon alone: named, so a screen reader says what it does (axe
    // button-name, found with a toast on 'Solicitar Ajustes', decision 061).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar aviso' } } },
  },
});

/**
 * Text of the 'light' variant (badges, the active menu entry, light buttons and alerts): Mantine
 * writes shade 6 on a 10 % tint of it, 1.7–3.5:1. Shade 9, darkened where it still falls short,
 * reaches 4.8:1 on that tint even over a striped or hovered table row (axe color-contrast, issue 16).
 */
const lightVariantText: Record<string, string> = {
  dark: '#141414',
  gray: '#212529',
  red: '#b52626',
  pink: '#a61e4d',
  grape: '#862e9c',
  violet: '#5f3dc4',
  indigo: '#364fc7',
  blue: '#1864ab',
  cyan: '#0a6c7e',
  teal: '#086d4e',
  green: '#237032',
  lime: '#436d0a',
  yellow: '#9a4f00',
  orange: '#b13b0b',
};

/**
 * The 'filled' variant (badges, buttons) writes white on shade 6: under 4.5:1 for these colours
 * (green.6 3.4:1). Darkened to 4.6:1; hover a little darker still. Blue is the primary colour,
 * already at shade 8.
 */
const filledBackground: Record<string, string> = {
  red: '#cc4343',
  pink: '#c63f6e',
  grape: '#ac43c6',
  indigo: '#4869e9',
  cyan: '#0f7d8c',
  teal: '#0b815e',
  green: '#2b7f3a',
  lime: '#527e15',
  yellow: '#966905',
  orange: '#b1580d',
};
const filledHover: Record<string, string> = {
  red: '#b43b3b',
  pink: '#ae3761',
  grape: '#973bae',
  indigo: '#3f5ccd',
  cyan: '#0d6e7b',
  teal: '#0a7253',
  green: '#267033',
  lime: '#486f12',
  yellow: '#845c04',
  orange: '#9c4d0b',
};

/** Mantine's 'dimmed' (gray.6, 3.3:1 on white) darkened to a grey that reads at 4.5:1 on gray.0 too. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    // Placeholders drawn as text (date range 'Desde – Hasta'): gray.5 gives 2:1; this gives 5:1.
    '--mantine-color-placeholder': '#666d74',
    // A field's error text (and its border) in red.6 gives 3.3:1 on white ('Ingrese un RUDE válido'
    // on 'Solicitar Ajustes', found by the director's phone test, decision 061): red.9 gives 6:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(filledBackground).map(([color, bg]) => [`--mantine-color-${color}-filled`, bg]),
    ),
    ...Object.fromEntries(
      Object.entries(filledHover).map(([color, bg]) => [`--mantine-color-${color}-filled-hover`, bg]),
    ),
    ...Object.fromEntries(
      Object.entries(lightVariantText).map(([color, text]) => [`--mantine-color-${color}-light-color`, text]),
    ),
  },
  dark: {},
});

/** Chart colours: green is paid, red is unpaid (spec part 1 §2). */
export const paidColor = 'green.8';
export const unpaidColor = 'red.7';
/** The same meaning as text: darker shades, so small figures keep a 4.5:1 contrast on white. */
export const paidTextColor = '#277a38';
export const unpaidTextColor = 'red.9';
/** Warnings written as text (orange.8 gives 3.6:1 on white): a darker orange at 5:1. */
export const warningTextColor = '#ba3e0c';
