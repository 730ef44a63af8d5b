import {
  Badge,
  createTheme,
  darken,
  DEFAULT_THEME,
  Input,
  InputWrapper,
  lighten,
  luminance,
  Modal,
  type MantineColorsTuple,
} from '@mantine/core'
import classes from './theme.module.css'
import './theme-preferences.css'

// WCAG AA for normal text; a little above 4.5 so rounding in the browser never drops below it.
const minimumContrast = 4.6

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (high + 0.05) / (low + 0.05)
}

/**
 * The first of `candidates` that reads at AA against `background`; failing all, the last one
 * darkened (or lightened) in small steps until it does. Mantine's default palettes put several
 * colours (teal, orange, yellow, green) below AA at every shade it uses for text and fills.
 */
function readable(candidates: readonly string[], background: string, adjust: typeof darken): string {
  const found = candidates.find((color) => contrast(color, background) >= minimumContrast)
  if (found) return found
  const last = candidates[candidates.length - 1] ?? background
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const adjusted = adjust(last, amount)
    if (contrast(adjusted, background) >= minimumContrast) return adjusted
  }
  return adjust(last, 1)
}

// The lighter of dark's hover greys: a menu item's (dark 4); a nav link's and a button's are dark 5.
const darkSurface = DEFAULT_THEME.colors.dark[4]

/** The darker of two colours. */
const deeper = (a: string, b: string): string => (luminance(a) <= luminance(b) ? a : b)

/**
 * One palette with the shades Mantine uses for text and fills moved to AA: in light, shade 7 is
 * the text and the fill under white text (primaryShade), read on the colour's own tint (shade 1)
 * so a red 429 on a red row still reads; shade 9 is the light variant's text on its tint, read on shade 3 as Mantine
 * dims some of it (a NavLink's description) and hovers darken the tint; in dark,
 * shade 4 is the text on the hover grey and shade 8 the fill under white text.
 */
function accessible(shades: MantineColorsTuple): MantineColorsTuple {
  const next = [...shades] as string[]
  const seven = readable(shades.slice(7), shades[1], darken)
  const eight = deeper(shades[8], darken(seven, 0.1))
  next[7] = seven
  next[8] = eight
  next[9] = readable([deeper(shades[9], darken(eight, 0.1))], shades[3], darken)
  next[4] = readable(shades.slice(0, 5).reverse(), darkSurface, lighten)
  return next as unknown as MantineColorsTuple
}

const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [name, name === 'dark' ? shades : accessible(shades)]),
) as Record<string, MantineColorsTuple>

const { gray, indigo, dark } = DEFAULT_THEME.colors
// Dimmed text is gray 6 in light and dark 2 in dark: each moved to AA on the surfaces it sits on
// (the active nav link's tint in light, the hover grey in dark).
colors.gray = Object.assign([...accessible(gray)], { 6: readable([gray[6]], indigo[1], darken) }) as unknown as MantineColorsTuple
colors.dark = Object.assign([...dark], { 2: readable([dark[2]], darkSurface, lighten) }) as unknown as MantineColorsTuple

export const theme = createTheme({
  colors,
  primaryColor: 'indigo',
  // Modals, tooltips and notifications appear at once for users who ask the system for less motion.
  respectReducedMotion: true,
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  focusClassName: classes.focus ?? '',
  components: {
    Badge: Badge.extend({ classNames: { root: classes.badge ?? '' } }),
    Input: Input.extend({ classNames: { input: classes.input ?? '' } }),
    // A field's error is said when it appears, as every other error is (ErrorAlert's role="alert").
    InputWrapper: InputWrapper.extend({ defaultProps: { errorProps: { role: 'alert' } } }),
    Modal: Modal.extend({
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close dialog' },
        // Mantine draws the title bar as <header>, which reads as a second banner landmark.
        attributes: { header: { role: 'presentation' } },
      },
    }),
  },
})
