import { createTheme, type MantineColorsTuple } from '@mantine/core';
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

/** The colour strip under the header tells at a glance which role's area this is (spec section 1). */
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
  /** Spec section 9: 576, 768, 992, 1200, 1600 px. */
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '100em' },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
});
