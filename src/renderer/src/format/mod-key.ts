/** The key that Mantine's `mod+` shortcuts mean on this machine, as its keyboard labels it. */
export function modKeyLabel(userAgent: string = navigator.userAgent): 'Cmd' | 'Ctrl' {
  return /Macintosh|Mac OS X/.test(userAgent) ? 'Cmd' : 'Ctrl'
}
