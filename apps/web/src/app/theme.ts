/**
 * The product's look: a deep petrol blue for a dispatch office that stares at the screen all
 * shift (calm, high contrast, not playful), dense controls, system fonts so nothing loads.
 */
import { createTheme, em, type MantineColorsTuple } from '@mantine/core';
import { layoutBreakpointsPx } from '@dispatch/domain/constants';

const petrol: MantineColorsTuple = [
  '#e6f4f8',
  '#cde6ee',
  '#9bcddd',
  '#66b2cb',
  '#3c9bbb',
  '#218cb1',
  '#0e7aa0',
  '#00678a',
  '#005674',
  '#00445d',
];

const amber: MantineColorsTuple = [
  '#fff8e1',
  '#ffefcc',
  '#ffdd9b',
  '#ffca64',
  '#ffba38',
  '#ffb01b',
  '#ffab09',
  '#e39500',
  '#ca8500',
  '#af7100',
];

const { small, medium, large, xlarge } = layoutBreakpointsPx;

export const theme = createTheme({
  // R-CONST-15: the spec names four breakpoints; Mantine's fifth (xl) is the widest of them.
  breakpoints: { xs: em(small), sm: em(medium), md: em(large), lg: em(xlarge), xl: em(xlarge) },
  primaryColor: 'petrol',
  primaryShade: { light: 7, dark: 5 },
  colors: { petrol, amber },
  defaultRadius: 'sm',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '650',
  },
  fontSizes: { xs: '0.75rem', sm: '0.8125rem', md: '0.875rem', lg: '1rem', xl: '1.125rem' },
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
    Select: { defaultProps: { size: 'sm' } },
    Modal: { defaultProps: { radius: 'md', overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
  },
});
