import { createTheme, darken, luminance, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
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

/** The first shade from `from` on that reads on `background`, else the darkest one darkened until it does. */
function readableShade(shades: readonly string[], from: number, background: string): string {
  for (let index = from; index < shades.length; index += 1) {
    const shade = shades[index]!;
    if (contrast(shade, background) >= TEXT_CONTRAST) return shade;
  }
  const darkest = shades[shades.length - 1]!;
  let text = darkest;
  for (let step = 1; contrast(text, background) < TEXT_CONTRAST && step <= 20; step += 1)
    text = darken(darkest, step * 0.05);
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
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5f666e',
    // Placeholders are text too (Mantine's gray.5 is 2.1:1 on white).
    '--mantine-color-placeholder': '#6b7280',
    // Field errors are small text: Mantine's red.6 is 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-text)',
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
    }
    light[`--mantine-color-${name}-text`] = readableShade(shades, 6, PAGE_BACKGROUND);
  }
  // The greys keep Mantine's own variants, except the outline's text: gray.6 is 3.3:1 on white (the
  // "Assigned by an administrator" badge of an offer).
  light['--mantine-color-gray-outline'] = readableShade(current.colors.gray, 6, PAGE_BACKGROUND);
  return { variables: {}, light, dark: {} };
};
