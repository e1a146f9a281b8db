import {
  createTheme,
  darken,
  lighten,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import type { Role } from '../../shared/domain/roles';

/** Ten shades around the brand colour #4157A1 (shade 6, Mantine's default primary shade). */
const brand: MantineColorsTuple = [
  '#edf0fa',
  '#d9def0',
  '#b0bbe2',
  '#8596d3',
  '#6177c7',
  '#4b64bf',
  '#4157a1',
  '#364a8b',
  '#2c3d73',
  '#21305c',
];

export const BRAND_COLOR = '#4157A1';

/** The colour strip under the header tells at a glance which role's area this is. */
export const ROLE_COLORS: Record<Role, string> = {
  ADMIN: '#4157A1',
  ADMINRO: '#8596D3',
  SUPPLIER: '#2F9E44',
  CARRIER: '#E8590C',
  CUSTOMS: '#9C36B5',
};

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  /** 576, 768, 992, 1200, 1600 px. */
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '100em' },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // A toast's message under its title is grey.6 in Mantine (3.3:1 on white, a serious axe finding);
    // it takes the readable dimmed grey of every other secondary text instead.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
  },
});

/** WCAG contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Normal-size text needs 4.5:1 (WCAG AA); a little margin covers rounding in the browser. */
const TEXT_CONTRAST = 4.6;
/** The signed-in pages' background (gray.0); white cards are lighter still. */
const PAGE_BACKGROUND = '#f8f9fa';
/**
 * In the dark scheme the cards are Mantine's dark.7 and the page dark.8, darker still; fields are dark.6,
 * the lightest plain surface text sits on, and a light variant's tint over a card is about DARK_TINT.
 */
const DARK_CARD = '#2e2e2e';
const DARK_TINT = '#383838';

/**
 * The first shade from `from` that reads on `background`, going toward the darker shades on a light
 * background (`toward` +1) or the paler ones on a dark one (-1); past the last shade, that shade darkened
 * (or lightened) until it does.
 */
function readableShade(shades: readonly string[], from: number, background: string, toward: 1 | -1 = 1): string {
  for (let index = from; index >= 0 && index < shades.length; index += toward) {
    const shade = shades[index]!;
    if (contrast(shade, background) >= TEXT_CONTRAST) return shade;
  }
  const last = shades[toward === 1 ? shades.length - 1 : 0]!;
  const shift = toward === 1 ? darken : lighten;
  let text = last;
  for (let step = 1; contrast(text, background) < TEXT_CONTRAST && step <= 20; step += 1)
    text = shift(last, step * 0.05);
  return text;
}

/**
 * Contrast fixes that every screen gets from the theme rather than per element:
 * - secondary ("dimmed") text is a darker grey that reads on white and on the grey page background
 *   (Mantine's gray.6 is 3.3:1 on white);
 * - light badges, alerts and buttons (status badges: PENDING in yellow, AWAITING in orange...) keep their
 *   tinted background, and their text is the palette's darkest shade, darkened further where that is
 *   still too pale on the tint (yellow.9 on yellow.1 is 2.7:1);
 * - filled buttons and badges keep white text on a shade dark enough for it (red.6 is 3.3:1, so a
 *   red button is a darker red; the brand colour is dark enough as it is);
 * - coloured text (`c="red"`, errors) uses the first shade from the filled one (6) on that reads on
 *   the grey page background: the brand colour stays as it is, red and green get darker.
 * The dark scheme mirrors them: light text on dark cards, from shade 4 towards the palest (the brand's
 * shade 4 is 3.2:1 on a dark field), and the same filled shades, which carry white text in both.
 * `--portal-page` and `--portal-rule` are the page's background and the lines between rows, and
 * `--portal-logo-*` the word mark's two tones, per scheme.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5f666e',
    // Placeholders are text too (Mantine's gray.5 is 2.1:1 on white).
    '--mantine-color-placeholder': '#6b7280',
    // Field errors are small text: Mantine's red.6 is 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-text)',
    '--portal-page': 'var(--mantine-color-gray-0)',
    '--portal-rule': 'var(--mantine-color-gray-2)',
    '--portal-logo-strong': 'var(--mantine-color-brand-8)',
    '--portal-logo-soft': 'var(--mantine-color-brand-5)',
  };
  const dark: Record<string, string> = {
    // Mantine's dark.2 is 4.0:1 on a dark card, its placeholder dark.3 2.9:1 on a field.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': '#9a9a9a',
    '--mantine-color-error': 'var(--mantine-color-red-text)',
    // Links are the brand's shade 4 in Mantine's dark scheme: 3.2:1 on a field, 2.6:1 on an orange tint.
    '--mantine-color-anchor': 'var(--mantine-color-brand-2)',
    '--portal-page': 'var(--mantine-color-dark-8)',
    '--portal-rule': 'var(--mantine-color-dark-4)',
    '--portal-logo-strong': 'var(--mantine-color-brand-1)',
    '--portal-logo-soft': 'var(--mantine-color-brand-3)',
  };
  for (const [name, shades] of Object.entries(current.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    light[`--mantine-color-${name}-light-color`] = readableShade(shades, 9, shades[1]);
    const filled = readableShade(shades, 6, PAGE_BACKGROUND);
    if (filled !== shades[6]) {
      light[`--mantine-color-${name}-filled`] = filled;
      light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
      // Outline badges and buttons write their text in the outline colour.
      light[`--mantine-color-${name}-outline`] = filled;
      dark[`--mantine-color-${name}-filled`] = filled;
      dark[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    }
    light[`--mantine-color-${name}-text`] = readableShade(shades, 6, PAGE_BACKGROUND);
    const onDark = readableShade(shades, 4, DARK_CARD, -1);
    dark[`--mantine-color-${name}-text`] = onDark;
    dark[`--mantine-color-${name}-outline`] = onDark;
    dark[`--mantine-color-${name}-light-color`] = readableShade(shades, 4, DARK_TINT, -1);
  }
  // The greys keep Mantine's own variants, except the outline's text: gray.6 is 3.3:1 on white (the
  // "Assigned by an administrator" badge of an offer).
  light['--mantine-color-gray-outline'] = readableShade(current.colors.gray, 6, PAGE_BACKGROUND);
  return { variables: {}, light, dark };
};
